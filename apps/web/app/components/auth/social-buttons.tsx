import type { SocialProvider } from '@ekran/core';
import { SOCIAL_PROVIDERS } from '@ekran/core';
import { fillRoute, SOCIAL_START_ROUTE } from '@ekran/contracts';
import { useTranslation } from '../../lib/use-translation.ts';

/** The marks of the providers (simplified, drawn for 24×24). */
export function SocialIcon({ provider }: { provider: SocialProvider }) {
  switch (provider) {
    case 'apple':
      return (
        <svg className="social-icon" viewBox="0 0 24 24" aria-hidden="true">
          <path
            fill="currentColor"
            d="M16.37 12.62c-.02-2.2 1.8-3.26 1.88-3.31-1.02-1.5-2.62-1.7-3.19-1.73-1.36-.14-2.65.8-3.34.8-.69 0-1.75-.78-2.88-.76-1.48.02-2.85.86-3.61 2.19-1.54 2.67-.39 6.62 1.11 8.79.73 1.06 1.6 2.25 2.74 2.21 1.1-.04 1.52-.71 2.85-.71 1.33 0 1.71.71 2.87.69 1.19-.02 1.94-1.08 2.66-2.14.84-1.23 1.19-2.42 1.21-2.48-.03-.01-2.32-.89-2.34-3.53zM14.18 6.15c.61-.74 1.02-1.76.91-2.78-.88.04-1.94.58-2.57 1.32-.56.65-1.06 1.69-.92 2.69.98.08 1.97-.49 2.58-1.23z"
          />
        </svg>
      );
    case 'google':
      return (
        <svg className="social-icon" viewBox="0 0 48 48" aria-hidden="true">
          <path fill="#EA4335" d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z" />
          <path fill="#4285F4" d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z" />
          <path fill="#FBBC05" d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z" />
          <path fill="#34A853" d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z" />
        </svg>
      );
    case 'vk':
      return (
        <svg className="social-icon" viewBox="0 0 24 24" aria-hidden="true">
          <rect width="24" height="24" rx="6" fill="#0077FF" />
          <path
            fill="#fff"
            d="M12.77 17.1c-4.63 0-7.27-3.17-7.38-8.45h2.32c.08 3.87 1.79 5.51 3.14 5.85V8.65h2.19v3.34c1.34-.14 2.75-1.67 3.22-3.34h2.18c-.36 2.06-1.88 3.59-2.96 4.22 1.08.51 2.81 1.84 3.47 4.23h-2.4c-.52-1.61-1.8-2.85-3.51-3.02v3.02h-.27z"
          />
        </svg>
      );
    case 'yandex':
      return (
        <svg className="social-icon" viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="12" cy="12" r="12" fill="#FC3F1D" />
          <path fill="#fff" d="M13.32 6.5h-1.6c-2.36 0-3.77 1.2-3.77 3.26 0 1.65.77 2.63 2.17 3.6L7.6 17.5h1.9l2.7-4.37-.9-.6c-1.14-.77-1.7-1.4-1.7-2.72 0-1.2.83-1.97 2.1-1.97h1.03v9.66h1.72V6.5z" />
        </svg>
      );
  }
}

/** The start URL of a sign-in or a link: the API redirects to the provider (a full navigation, not a fetch). */
export function socialStartUrl(provider: SocialProvider, back: string, intent: 'sign_in' | 'link' = 'sign_in') {
  const query = new URLSearchParams({ ...(intent === 'link' ? { intent } : {}), ...(back !== '/' ? { back } : {}) }).toString();
  return `${fillRoute(SOCIAL_START_ROUTE, [provider])}${query ? `?${query}` : ''}`;
}

/**
 * «Войти через Apple / Google / VK / Яндекс ID» under the sign-in and sign-up forms: only the providers
 * this deployment offers, in that order; nothing when it offers none.
 */
export function SocialButtons({ providers, back }: { providers: readonly { id: SocialProvider }[]; back: string }) {
  const { t } = useTranslation();
  const offered = SOCIAL_PROVIDERS.filter((id) => providers.some((p) => p.id === id));
  if (!offered.length) return null;
  return (
    <div className="social">
      <p className="social__divider">
        <span>{t('social.or')}</span>
      </p>
      <ul className="social__list" aria-label={t('social.listLabel')}>
        {offered.map((id) => (
          <li key={id}>
            <a className={`social__btn social__btn--${id}`} href={socialStartUrl(id, back)} data-testid={`social-${id}`} rel="nofollow">
              <SocialIcon provider={id} />
              <span>{t(`social.signInWith.${id}`)}</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
