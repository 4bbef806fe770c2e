import { ErrorCode, PromoErrorCode } from '@ekran/contracts';

// Catalogue §8 — every promo, activation and registration error of the API, with the title and the
// text the viewer sees (translation keys below promo.errors; the Russian texts are the spec's, copied exactly).

export type PromoErrorTitle = 'titlePromo' | 'titleActivation' | 'titleRegistration';
export interface PromoErrorView {
  title: PromoErrorTitle;
  text: string;
}

const promo = (text: string): PromoErrorView => ({ title: 'titlePromo', text });
const activation = (text: string): PromoErrorView => ({ title: 'titleActivation', text });

/** API error code → what the dialog says. */
export const PROMO_ERROR_VIEWS: Readonly<Record<string, PromoErrorView>> = {
  [PromoErrorCode.NotFound]: promo('notFound'),
  [PromoErrorCode.InvalidFormat]: promo('invalid'),
  [PromoErrorCode.NotActive]: promo('notActive'),
  [PromoErrorCode.NoLongerAvailable]: promo('notActive'),
  [PromoErrorCode.NoRates]: promo('notActive'),
  [PromoErrorCode.AlreadyUsed]: promo('alreadyUsed'),
  [PromoErrorCode.ExternalAccount]: promo('externalAccount'),
  [PromoErrorCode.NotStarted]: promo('notStarted'),
  [ErrorCode.EmailTaken]: activation('emailTaken'),
  [PromoErrorCode.EmailFormat]: activation('emailFormat'),
  [ErrorCode.AlreadyRegistered]: activation('alreadyRegistered'),
  [PromoErrorCode.OnePerCampaign]: activation('onePerCampaign'),
  [PromoErrorCode.NewUsersOnly]: activation('newUsersOnly'),
  [PromoErrorCode.ForeignSubscription]: activation('foreignSubscription'),
  // «InvalidEmail gives the title "Ошибка регистрации"»
  [PromoErrorCode.InvalidEmail]: { title: 'titleRegistration', text: 'emailFormat' },
};

/** The dialog of an API error code; anything unknown (a failure, no answer) gets the default text. */
export function promoErrorView(code: string | null | undefined): PromoErrorView {
  return (code && PROMO_ERROR_VIEWS[code]) || promo('default');
}
