import { OPERATOR_PARTNER, type AuthData } from '@ekran/contracts';
import { socialAuthFields } from '../social/social.mapper.ts';
import type { IdentityRow } from '../social/social.types.ts';
import { assignExperiments, type PinStatus } from '@ekran/core';
import type { OperatorSubscriptionRow } from '../partners/operator.types.ts';
import type { DeviceRow, ExternalSubscriptionRow, ProfileRow, SubscriptionRow, UserRow } from './identity.repo.ts';

const LANGUAGES = ['ru', 'en', 'sr', 'bg', 'hr'] as const;
type Language = (typeof LANGUAGES)[number];
const asLanguage = (v: string): Language => ((LANGUAGES as readonly string[]).includes(v) ? (v as Language) : 'ru');

/** spec platform §3 Auth data from rows. */
export function toAuthData(input: {
  user: UserRow;
  profile: ProfileRow;
  devices: DeviceRow[];
  subscriptions: SubscriptionRow[];
  token: string;
  countryCode: string;
  trialIsAvailable: boolean;
  /** Linked social identities. */
  social?: IdentityRow[];
  /** spec platform §3 pin_status, from the account's parental control (profiles module). */
  pinStatus: PinStatus;
  /** Live subscriptions bought through partners (platform §3 externals). */
  externals?: ExternalSubscriptionRow[];
  /**
   * The operator subscription when it entitles (active, paid, not out of money): listed among
   * subscriptions with its partner, so the client's subscriber rules (no subscription popup, no upsell) hold.
   */
  operator?: OperatorSubscriptionRow | null;
  /** mf_info.mf_pop_up as @ekran/core operatorPopupOf decided it (one popup, in its precedence). */
  operatorPopup: string | null;
}): AuthData {
  const { user, profile } = input;
  return {
    _id: user.id,
    profile_id: profile.id,
    email: user.email,
    phone: user.phone,
    virtual: user.isVirtual,
    profile_for_child: profile.isChild,
    current_country_code: input.countryCode,
    need_credentials: !user.isVirtual && !user.email && !user.phone,
    ...socialAuthFields(input.social ?? []),
    devices: input.devices.map((d) => ({ type: d.deviceType, uid: d.deviceUid })),
    subscriptions: [
      ...input.subscriptions.map((s) => ({
        _id: s.id,
        tariff_id: s.tariffId,
        status: s.status,
        started_at: s.startedAt.toISOString(),
        expires_at: s.expiresAt.toISOString(),
        reccurent: s.isRecurrent,
        googleplay_id: null,
        itunes_product_id: null,
        huawei_id: null,
        partner: null,
      })),
      ...(input.operator
        ? [
            {
              _id: input.operator.id,
              tariff_id: input.operator.tariffId,
              status: 'active' as const,
              started_at: input.operator.startedAt.toISOString(),
              expires_at: input.operator.expiresAt.toISOString(),
              // The operator renews it every period (we never charge it).
              reccurent: true,
              googleplay_id: null,
              itunes_product_id: null,
              huawei_id: null,
              partner: OPERATOR_PARTNER,
            },
          ]
        : []),
    ],
    externals: (input.externals ?? []).map((e) => ({ name: e.partner, expires_at: e.expiresAt?.toISOString() ?? null })),
    // No experiment console assigns groups yet: every account gets stable groups from its id.
    ab: assignExperiments(user.id),
    tags: [],
    // A profile may have its own interface language; otherwise the account's.
    language: { interface: asLanguage(profile.interfaceLanguage ?? user.interfaceLanguage) },
    authentication_token: input.token,
    // What the client's playback gating reads (platform §4: partner ttk, operator popups).
    partner: { name: user.partnerName },
    pin_status: input.pinStatus,
    trial_is_available: input.trialIsAvailable,
    mf_info: { is_mf: user.isOperator, mf_pop_up: user.isOperator ? input.operatorPopup : null },
  };
}
