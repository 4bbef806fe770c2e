import { describe, expect, it } from 'vitest';
import { isSocialProvider, needsSocialRegistrationPhone, SOCIAL_PROVIDERS, SOCIAL_REGISTRATION_COOKIE_MINUTES } from './social.ts';

const auth = (o: Partial<Parameters<typeof needsSocialRegistrationPhone>[0]>) => ({
  apple_id: null,
  google_id: null,
  phone: null,
  current_country_code: 'RU',
  ...o,
});

describe('spec platform §4: social sign-up (apple or google id without phone, RU) sets the marker', () => {
  it.each([
    ['google id, no phone, RU', auth({ google_id: '1045' }), true],
    ['apple id, no phone, RU', auth({ apple_id: '001.abc' }), true],
    ['both ids, no phone, RU', auth({ apple_id: '001.abc', google_id: '1045' }), true],
    ['country given in lower case', auth({ google_id: '1045', current_country_code: 'ru' }), true],
    ['google id with a phone', auth({ google_id: '1045', phone: '+79991234567' }), false],
    ['apple id outside RU', auth({ apple_id: '001.abc', current_country_code: 'DE' }), false],
    ['a CIS country is not RU here', auth({ google_id: '1045', current_country_code: 'KZ' }), false],
    ['neither apple nor google (a VK or Yandex sign-up)', auth({}), false],
  ])('%s → %s', (_, value, expected) => {
    expect(needsSocialRegistrationPhone(value)).toBe(expected);
  });

  it('keeps the marker 30 minutes', () => {
    expect(SOCIAL_REGISTRATION_COOKIE_MINUTES).toBe(30);
  });
});

describe('social providers (spec platform §7: google, apple, vk, yandex)', () => {
  it.each([...SOCIAL_PROVIDERS])('%s is a provider', (id) => expect(isSocialProvider(id)).toBe(true));
  it.each(['facebook', 'Yandex', '', null, undefined, 'yandex '])('%j is not', (id) => expect(isSocialProvider(id)).toBe(false));
});
