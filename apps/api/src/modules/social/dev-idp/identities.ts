// Test identities of the development identity provider and the shape each real provider gives them in:
// Google's and Apple's ID token claims, Yandex ID's /info answer, VK ID's token and user_info answers.
import type { SocialProvider } from '@ekran/core';
import { createHash, randomBytes } from 'node:crypto';

/** A person as the tester picks or types them on the authorize page. */
export interface DevIdentity {
  email: string | null;
  name: string | null;
  phone: string | null;
  emailVerified: boolean;
}

export interface Preset extends DevIdentity {
  key: string;
  note: string;
}

/** What each provider's real answer can carry. */
export const SHAPE: Record<SocialProvider, { title: string; hasPhone: boolean; hasVerifiedFlag: boolean; emailOptional: boolean }> = {
  google: { title: 'Google', hasPhone: false, hasVerifiedFlag: true, emailOptional: false },
  apple: { title: 'Apple', hasPhone: false, hasVerifiedFlag: true, emailOptional: false },
  vk: { title: 'VK ID', hasPhone: true, hasVerifiedFlag: false, emailOptional: true },
  yandex: { title: 'Яндекс ID', hasPhone: true, hasVerifiedFlag: false, emailOptional: false },
};

/** Ready test people per provider: with and without a phone, verified and not. */
export const PRESETS: Record<SocialProvider, Preset[]> = {
  yandex: [
    { key: 'anna', name: 'Анна Смирнова', email: 'anna.smirnova@yandex.ru', phone: '+79161234567', emailVerified: true, note: 'с телефоном' },
    { key: 'ivan', name: 'Иван Петров', email: 'ivan.petrov@ya.ru', phone: null, emailVerified: true, note: 'без телефона' },
  ],
  google: [
    { key: 'maria', name: 'Мария Иванова', email: 'maria.ivanova@gmail.com', phone: null, emailVerified: true, note: 'почта подтверждена' },
    { key: 'oleg', name: 'Олег Сидоров', email: 'oleg.sidorov@gmail.com', phone: null, emailVerified: false, note: 'почта не подтверждена' },
  ],
  apple: [
    { key: 'katya', name: 'Екатерина Орлова', email: 'katya.orlova@icloud.com', phone: null, emailVerified: true, note: 'почта iCloud' },
    { key: 'relay', name: 'Павел Волков', email: 'x7k2m9qzpd@privaterelay.appleid.com', phone: null, emailVerified: true, note: 'скрытый адрес' },
  ],
  vk: [
    { key: 'dmitry', name: 'Дмитрий Козлов', email: 'dmitry.kozlov@vk.com', phone: '+79267654321', emailVerified: false, note: 'с телефоном' },
    { key: 'sveta', name: 'Светлана Морозова', email: null, phone: null, emailVerified: false, note: 'без почты и телефона' },
  ],
};

const digest = (provider: SocialProvider, identity: DevIdentity) =>
  createHash('sha256').update(`${provider}:${(identity.email ?? identity.name ?? '').toLowerCase()}`).digest('hex');
const digits = (hex: string, length: number) => (BigInt(`0x${hex.slice(0, 24)}`).toString() + '0'.repeat(length)).slice(0, length);

/** The provider's stable id of a test person (the same email is the same person next time). */
export function subjectOf(provider: SocialProvider, identity: DevIdentity): string {
  const hex = digest(provider, identity);
  switch (provider) {
    case 'google':
      return `1${digits(hex, 20)}`;
    case 'apple':
      return `00${digits(hex, 4)}.${hex.slice(24, 56)}.${digits(hex.slice(40), 4)}`;
    case 'yandex':
      return `1${digits(hex, 9)}`;
    case 'vk':
      return `${1 + (parseInt(hex.slice(0, 2), 16) % 8)}${digits(hex.slice(2), 8)}`;
  }
}

const split = (name: string | null) => {
  const [first = '', ...rest] = (name ?? '').trim().split(/\s+/);
  return { first: first || null, last: rest.join(' ') || null };
};

/** ID token claims (Google, Apple) for a code; VK's non-OIDC token as VK sends it. */
export function idTokenClaims(provider: SocialProvider, identity: DevIdentity, ctx: { issuer: string; clientId: string; nonce: string | null; nowS: number }) {
  const sub = subjectOf(provider, identity);
  const times = { iat: ctx.nowS, exp: ctx.nowS + 600 };
  const { first, last } = split(identity.name);
  switch (provider) {
    case 'google':
      return {
        iss: ctx.issuer, aud: ctx.clientId, azp: ctx.clientId, sub, ...times,
        ...(ctx.nonce ? { nonce: ctx.nonce } : {}),
        email: identity.email, email_verified: identity.emailVerified,
        name: identity.name, given_name: first, family_name: last, locale: 'ru',
      };
    case 'apple':
      // Apple writes booleans as strings and sends no name in the token.
      return {
        iss: ctx.issuer, aud: ctx.clientId, sub, ...times, auth_time: ctx.nowS,
        ...(ctx.nonce ? { nonce: ctx.nonce, nonce_supported: true } : {}),
        email: identity.email, email_verified: identity.emailVerified ? 'true' : 'false',
        is_private_email: identity.email?.endsWith('@privaterelay.appleid.com') ? 'true' : 'false',
      };
    case 'vk':
      // VK ID's token holds masked data, its own issuer and no audience: not an OpenID Connect ID token.
      return { iss: 'VK ID', sub, app: ctx.clientId, ...times, jti: randomBytes(8).toString('hex') };
    case 'yandex':
      return null;
  }
}

/** Extra fields of the token answer (VK ID puts user_id there). */
export const tokenExtras = (provider: SocialProvider, identity: DevIdentity, scope: string) =>
  provider === 'vk' ? { user_id: Number(subjectOf(provider, identity)), scope } : {};

/** Yandex ID's GET /info?format=json, or VK ID's POST /oauth2/user_info. */
export function userinfo(provider: SocialProvider, identity: DevIdentity, clientId: string): Record<string, unknown> | null {
  const sub = subjectOf(provider, identity);
  const { first, last } = split(identity.name);
  if (provider === 'yandex') {
    const login = identity.email?.split('@')[0] ?? `user${sub.slice(-6)}`;
    return {
      id: sub,
      login,
      client_id: clientId,
      display_name: login,
      real_name: identity.name,
      first_name: first,
      last_name: last,
      sex: null,
      default_email: identity.email,
      emails: identity.email ? [identity.email] : [],
      ...(identity.phone ? { default_phone: { id: Number(sub.slice(-7)), number: identity.phone } } : {}),
      psuid: `1.${sub}.${createHash('sha1').update(sub).digest('hex').slice(0, 16)}`,
    };
  }
  if (provider === 'vk') {
    return {
      user: {
        user_id: sub,
        first_name: first ?? '',
        last_name: last ?? '',
        // VK ID writes the phone as digits without +.
        phone: identity.phone ? identity.phone.replace(/\D/g, '') : '',
        avatar: '',
        email: identity.email ?? '',
        sex: 0,
        verified: false,
        birthday: '',
      },
    };
  }
  return null;
}
