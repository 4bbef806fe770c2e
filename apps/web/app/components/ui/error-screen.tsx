import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from 'react-router';

export type ErrorKind = 'not-found' | 'missing-param' | 'error';

/** The not-found screen and the error screen (spec platform §2 and §8 texts). */
export function ErrorScreen({ kind }: { kind: ErrorKind }) {
  const { t } = useTranslation();
  const notFound = kind === 'not-found';
  return (
    <section className="error-screen" data-testid={notFound ? 'not-found' : 'error-screen'}>
      <title>{notFound ? t('meta.notFoundTitle') : t('meta.errorTitle')}</title>
      <meta name="robots" content="noindex" />
      <p className="error-screen__code" aria-hidden="true">
        {notFound ? t('errors.notFoundCode') : '!'}
      </p>
      <h1>{notFound ? t('errors.notFoundTitle') : t('errors.errorTitle')}</h1>
      <p className="error-screen__text">
        {notFound ? t('errors.notFoundText') : kind === 'missing-param' ? t('errors.missingParamText') : t('errors.errorText')}
      </p>
      <div className="error-screen__actions">
        <Link className="btn btn--primary" to="/">
          {t('errors.toHome')}
        </Link>
        {kind === 'error' ? (
          <button type="button" className="btn btn--ghost" onClick={() => window.location.reload()}>
            {t('errors.retry')}
          </button>
        ) : null}
      </div>
    </section>
  );
}
