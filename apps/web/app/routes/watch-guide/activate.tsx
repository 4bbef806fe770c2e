import type { DeviceDecision, PendingDevice } from '@ekran/contracts';
import { Form, Link, useNavigation } from 'react-router';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { TvIcon } from '../../components/watch-guide/guide-art.tsx';
import { tFor } from '../../lib/i18n.ts';
import { originOf, seoMeta } from '../../lib/seo.ts';
import { visitorContext } from '../../lib/session.server.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import type { Route } from './+types/activate';
import { activateAction, codeFromQuery, requireSignedIn, type ActivateErrorKind } from './activate.server.ts';
import './watch-guide.css';


/**
 * /activate: the page a TV names (RFC 8628 verification_uri; docs/decisions/053-tv-sign-in-by-code.md). A signed-up
 * viewer types the code the TV shows, sees which device waits behind it, and connects it to the account or refuses.
 * Anonymous visitors sign in first and come back with the code (?code= from verification_uri_complete is kept); a child
 * profile is told to switch (the API refuses it too).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const code = codeFromQuery(new URL(request.url).searchParams.get('code'));
  const auth = requireSignedIn(context.get(visitorContext).auth, code);
  return { code, kids: auth.profile_for_child, account: auth.email ?? auth.phone ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api, auth } = context.get(visitorContext);
  return activateAction(request, api, auth);
}

export function meta({ matches }: Route.MetaArgs) {
  const t = tFor('ru');
  // A page of the viewer's own (it needs a session): canonical, but not for search results.
  return seoMeta(originOf(matches), { title: t('watchGuide.activate.metaTitle'), description: t('watchGuide.activate.metaDescription'), path: '/activate', noindex: true });
}

export default function Activate({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { kids, account } = loaderData;
  return (
    <div className="page guide activate" data-testid="activate-page">
      <Breadcrumbs items={[{ title: t('watchGuide.crumb'), url: '/ways-to-watch' }, { title: t('watchGuide.activate.crumb') }]} />
      <div className="activate__card">
        {kids ? (
          <KidsNotice />
        ) : actionData?.step === 'done' || actionData?.step === 'denied' ? (
          <Outcome device={actionData.device} />
        ) : actionData?.step === 'confirm' ? (
          <Confirm device={actionData.device} error={actionData.error} account={account} />
        ) : (
          <Enter code={actionData?.step === 'enter' ? actionData.code : loaderData.code} error={actionData?.step === 'enter' ? actionData.error : null} />
        )}
      </div>
      <p className="activate__help">
        {t('watchGuide.activate.help')} <Link to="/ways-to-watch">{t('watchGuide.activate.waysLink')}</Link>
      </p>
    </div>
  );
}

function ErrorNote({ kind }: { kind: ActivateErrorKind }) {
  const { t } = useTranslation();
  return (
    <div className="activate__error" role="alert" data-testid={`activate-error-${kind}`}>
      <p className="activate__error-title">{t(`watchGuide.activate.errors.${kind}.title`)}</p>
      <p className="activate__error-text">{t(`watchGuide.activate.errors.${kind}.text`)}</p>
      {kind === 'limit' ? <Link to="/account/devices">{t('watchGuide.activate.devices')} →</Link> : null}
    </div>
  );
}

/** Step one: the code field. */
function Enter({ code, error }: { code: string | null; error: ActivateErrorKind | null }) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== 'idle';
  return (
    <>
      <TvIcon className="activate__icon" />
      <h1 className="activate__title">{t('watchGuide.activate.title')}</h1>
      <p className="activate__lead">{t('watchGuide.activate.lead')}</p>
      <Form method="post" className="activate__form">
        <label className="activate__label" htmlFor="activate-code">
          {t('watchGuide.activate.label')}
        </label>
        <input
          id="activate-code"
          className="activate__input"
          name="code"
          required
          maxLength={12}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder={t('watchGuide.activate.placeholder')}
          defaultValue={code ?? ''}
          aria-invalid={error ? true : undefined}
          data-testid="activate-code"
        />
        {error ? <ErrorNote kind={error} /> : null}
        <button type="submit" name="intent" value="check" className="btn btn--primary btn--lg" disabled={busy} data-testid="activate-continue">
          {t('watchGuide.activate.continue')}
        </button>
      </Form>
    </>
  );
}

function DeviceLine({ device }: { device: Pick<PendingDevice, 'device_type' | 'device_name' | 'user_code'> }) {
  const { t } = useTranslation();
  // The names of device kinds as the account's device list shows them.
  const typeName = { web: t('devices.typeWeb'), android: t('devices.typeAndroid'), ios: t('devices.typeIos'), smarttv: t('devices.typeSmarttv') }[device.device_type];
  return (
    <dl className="activate__device" data-testid="activate-device">
      <div>
        <dt>{t('watchGuide.activate.device')}</dt>
        <dd>
          <strong>{device.device_name ?? t('watchGuide.activate.unknownDevice')}</strong>
          <span className="activate__type"> · {typeName}</span>
        </dd>
      </div>
      <div>
        <dt>{t('watchGuide.activate.code')}</dt>
        <dd className="activate__code">{device.user_code}</dd>
      </div>
    </dl>
  );
}

/** Step two: which device waits behind the code; connect it or refuse. */
function Confirm({ device, error, account }: { device: PendingDevice; error: ActivateErrorKind | null; account: string | null }) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== 'idle';
  return (
    <>
      <TvIcon className="activate__icon" />
      <h1 className="activate__title">{t('watchGuide.activate.confirmTitle')}</h1>
      <DeviceLine device={device} />
      <p className="activate__lead">{account ? t('watchGuide.activate.confirmText', { account }) : t('watchGuide.activate.confirmTextNoAccount')}</p>
      {error ? <ErrorNote kind={error} /> : null}
      <Form method="post" className="activate__actions">
        <input type="hidden" name="code" value={device.user_code} />
        <button type="submit" name="intent" value="approve" className="btn btn--primary btn--lg" disabled={busy} data-testid="activate-approve">
          {t('watchGuide.activate.approve')}
        </button>
        <button type="submit" name="intent" value="deny" className="btn btn--ghost btn--lg" disabled={busy} data-testid="activate-deny">
          {t('watchGuide.activate.deny')}
        </button>
      </Form>
      <Link className="activate__other" to="/activate">
        {t('watchGuide.activate.otherCode')}
      </Link>
    </>
  );
}

/** The outcome: connected, or refused. */
function Outcome({ device }: { device: DeviceDecision }) {
  const { t } = useTranslation();
  const approved = device.status === 'approved';
  return (
    <div role="status" data-testid={approved ? 'activate-done' : 'activate-denied'}>
      <span className={`activate__badge${approved ? ' activate__badge--ok' : ''}`} aria-hidden="true">
        {approved ? '✓' : '×'}
      </span>
      <h1 className="activate__title">{approved ? t('watchGuide.activate.doneTitle') : t('watchGuide.activate.deniedTitle')}</h1>
      <DeviceLine device={device} />
      <p className="activate__lead">{approved ? t('watchGuide.activate.doneText') : t('watchGuide.activate.deniedText')}</p>
      <div className="activate__actions">
        <Link className="btn btn--primary" to={approved ? '/account/devices' : '/'}>
          {approved ? t('watchGuide.activate.devices') : t('watchGuide.activate.catalogue')}
        </Link>
        {approved ? (
          <Link className="btn btn--ghost" to="/">
            {t('watchGuide.activate.catalogue')}
          </Link>
        ) : null}
      </div>
    </div>
  );
}

/** A child profile cannot connect a TV (the API refuses it too: 403 KIDS_PROFILE_RESTRICTED). */
function KidsNotice() {
  const { t } = useTranslation();
  return (
    <div data-testid="activate-kids">
      <TvIcon className="activate__icon" />
      <h1 className="activate__title">{t('watchGuide.activate.kidsTitle')}</h1>
      <p className="activate__lead">{t('watchGuide.activate.kidsText')}</p>
      <Link className="btn btn--primary" to="/">
        {t('watchGuide.activate.catalogue')}
      </Link>
    </div>
  );
}
