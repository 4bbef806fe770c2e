import { ErrorCode, PromoErrorCode } from '@ekran/contracts';
import { describe, expect, it } from 'vitest';
import { tFor } from '../../lib/i18n.ts';
import { promoErrorView } from './promo-errors.ts';

const t = tFor('ru');
const shown = (code: string | null) => {
  const v = promoErrorView(code);
  return [t(`promo.errors.${v.title}`), t(`promo.errors.${v.text}`)];
};

// catalogue §8 Error catalogue, quoted.
describe('promo errors: the titles and texts of catalogue §8', () => {
  it.each([
    [PromoErrorCode.NotFound, 'Ошибка промокода', 'Промокод не найден...'],
    [PromoErrorCode.InvalidFormat, 'Ошибка промокода', 'Проверьте правильность ввода или обратитесь в Центр поддержки'],
    [PromoErrorCode.NotActive, 'Ошибка промокода', 'Промокод недействителен'],
    [PromoErrorCode.NoLongerAvailable, 'Ошибка промокода', 'Промокод недействителен'],
    [PromoErrorCode.NoRates, 'Ошибка промокода', 'Промокод недействителен'],
    [PromoErrorCode.AlreadyUsed, 'Ошибка промокода', 'Промокод уже был активирован'],
    [PromoErrorCode.ExternalAccount, 'Ошибка промокода', 'Невозможно применить промокод – вы оформили подписку через другой сервис'],
    [PromoErrorCode.NotStarted, 'Ошибка промокода', 'Эта акция еще не началась'],
    [ErrorCode.Internal, 'Ошибка промокода', 'Попробуйте повторить попытку или обратитесь в поддержку'],
    [null, 'Ошибка промокода', 'Попробуйте повторить попытку или обратитесь в поддержку'],
    [ErrorCode.EmailTaken, 'Ошибка активации', 'Указанная почта уже зарегистрирована'],
    [PromoErrorCode.EmailFormat, 'Ошибка активации', 'Почта введена некорректно'],
    [ErrorCode.AlreadyRegistered, 'Ошибка активации', 'Вы уже зарегистрированы'],
    [PromoErrorCode.OnePerCampaign, 'Ошибка активации', 'Вы уже пользовались другим промокодом по этой акции. К сожалению, они не суммируются'],
    [PromoErrorCode.NewUsersOnly, 'Ошибка активации', 'Промокод доступен только для новых пользователей'],
    [PromoErrorCode.ForeignSubscription, 'Ошибка активации', 'Промокод неприменим...'],
    [PromoErrorCode.InvalidEmail, 'Ошибка регистрации', 'Почта введена некорректно'],
  ])('%s → «%s»: «%s»', (code, title, text) => {
    expect(shown(code)).toEqual([title, text]);
  });
});
