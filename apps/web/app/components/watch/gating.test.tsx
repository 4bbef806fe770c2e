// @vitest-environment jsdom
import type { PlaybackCheck, StreamLimit } from '@ekran/contracts';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInRouter } from '../../test/render.tsx';
import { notify, Notices } from '../shell/notices.tsx';
import { PlaybackDialogs } from './playback-dialogs.tsx';
import { resetTariffCache } from './playback-client.ts';
import type { PlaybackViewer } from '../../lib/playback-types.ts';
import { StreamLimitDialog, StreamStoppedDialog } from './stream-limit-dialog.tsx';
import { offerOf, SubscriptionDialog } from './subscription-dialog.tsx';
import { usePlayback } from './use-playback.ts';

const viewer = (o: Partial<PlaybackViewer> = {}): PlaybackViewer => ({
  virtual: false, email: 'viewer@example.ru', phone: null, profile_for_child: false, partner: { name: null }, externals: [], subscriptions: [],
  mf_info: { is_mf: false, mf_pop_up: null }, trial_is_available: true, ...o,
});
const tariff = (o: object = {}) => ({
  _id: 't0', title: 'Месяц', price: 399, currency: 'RUB', duration_days: 30, weight: 0, allow_trial: true, trial_period_duration: { days: 7 },
  max_streams: 3, original_id: null, recurrent_price: null, next_tariff_id: null, url: '/api/v1/billing/tariffs/t0/payment', ...o,
});
const option = { tariff_id: 't0', title: 'Месяц', price: 399, currency: 'RUB', duration_days: 30, allow_trial: true, trial_days: 7 };
const gated: PlaybackCheck = { playlists: [], upgrade_options: [option], reason: 'subscription_required', stream: null, markers: null, prerolls: [], postrolls: [], next: null };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Routes fetch() of the page to answers by path; records every request. */
function stubFetch(answers: Record<string, (init?: RequestInit) => Response>) {
  const calls: { url: string; init?: RequestInit | undefined }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      calls.push({ url: input, init });
      const path = Object.keys(answers).find((p) => input.startsWith(p));
      if (!path) throw new Error(`unexpected fetch ${input}`);
      return answers[path]!(init);
    }),
  );
  return calls;
}

function Harness({ uid = 'item-1' }: { uid?: string }) {
  const playback = usePlayback({ back: '/watch/tayna' });
  return (
    <>
      <button type="button" onClick={() => playback.play({ uid, title: 'Тайна' })}>
        play
      </button>
      {playback.playing ? <p data-testid="playing">{playback.playing.src}</p> : null}
      <PlaybackDialogs gate={playback.gate} />
      <Notices />
    </>
  );
}

beforeEach(() => {
  resetTariffCache();
  window.sessionStorage.clear();
  vi.stubGlobal('scrollTo', () => undefined);
});
afterEach(() => {
  cleanup();
  act(() => notify.clear());
  vi.unstubAllGlobals();
});

describe('offerOf: the popup offers the tariff flow’s tariff', () => {
  it('takes the weight-0 trial tariff with its trial days and streams', () => {
    expect(offerOf([tariff({ _id: 'y', weight: 9 }), tariff()], [], true)).toEqual({ price: 399, currency: 'RUB', durationDays: 30, trialDays: 7, maxStreams: 3 });
  });
  it('offers no trial to a viewer who had one', () => {
    expect(offerOf([tariff()], [], false)?.trialDays).toBeNull();
  });
  it('falls back to the check’s upgrade options while the tariff list is missing', () => {
    expect(offerOf(null, [{ ...option, allow_trial: false, tariff_id: 'x', price: 999 }, option], true)).toEqual({ price: 399, currency: 'RUB', durationDays: 30, trialDays: 7, maxStreams: null });
  });
  it('has nothing to offer without either', () => {
    expect(offerOf(null, [], true)).toBeNull();
  });
});

describe('SubscriptionDialog (spec platform §4 step 3)', () => {
  it('says what the subscription gives and the trial with the price after it', async () => {
    stubFetch({ '/resources/tariffs': () => json(200, { tariffs: [tariff()] }) });
    const onSubscribe = vi.fn();
    renderInRouter(<SubscriptionDialog viewer={viewer()} options={[option]} authHref="/auth?back=%2Fwatch%2Ftayna" paying={false} onSubscribe={onSubscribe} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Смотрите всё с подпиской Экран')).toBeTruthy();
    expect(await within(dialog).findByText('Одновременно на 3 устройствах')).toBeTruthy();
    expect(within(dialog).getByTestId('subscription-offer').textContent).toBe('7 дней бесплатно, затем 399\u00a0₽ за 30 дней');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Смотреть 7 дней бесплатно' }));
    expect(onSubscribe).toHaveBeenCalledOnce();
  });

  it('sends a virtual visitor to /auth, back to the title', async () => {
    stubFetch({ '/resources/tariffs': () => json(200, { tariffs: null }) });
    renderInRouter(<SubscriptionDialog viewer={viewer({ virtual: true })} options={[option]} authHref="/auth?back=%2Fwatch%2Ftayna" paying={false} onSubscribe={() => undefined} onClose={() => undefined} />);
    const cta = await screen.findByTestId('subscription-cta');
    expect(cta.tagName).toBe('A');
    expect(cta.getAttribute('href')).toBe('/auth?back=%2Fwatch%2Ftayna');
    expect(screen.getByText('Войдите или зарегистрируйтесь — и подписка будет привязана к вашему аккаунту.')).toBeTruthy();
  });

  it('offers the subscription without a trial to a viewer who had one', async () => {
    stubFetch({ '/resources/tariffs': () => json(200, { tariffs: [tariff()] }) });
    renderInRouter(<SubscriptionDialog viewer={viewer({ trial_is_available: false })} options={[option]} authHref="/auth" paying onSubscribe={() => undefined} onClose={() => undefined} />);
    expect((await screen.findByTestId('subscription-offer')).textContent).toBe('399\u00a0₽ за 30 дней');
    const cta = screen.getByTestId('subscription-cta');
    expect(cta.textContent).toBe('Переходим к оплате…');
    expect((cta as HTMLButtonElement).disabled).toBe(true);
  });
});

const streamLimit: StreamLimit = {
  limit: 2,
  items: [
    { id: '44444444-4444-4444-8444-444444444444', device_name: 'Smart TV · LG', device_type: 'smarttv', title: 'Тайна', started_at: '2026-11-20T12:30:00.000Z', last_seen_at: '2026-11-20T12:40:00.000Z', is_current: false },
    { id: '55555555-5555-4555-8555-555555555555', device_name: 'Chrome 124 · Windows 10', device_type: 'web', title: 'Ловушка', started_at: '2026-11-20T12:00:00.000Z', last_seen_at: '2026-11-20T12:40:00.000Z', is_current: true },
  ],
};

describe('StreamLimitDialog (issue 5 concurrent streams)', () => {
  it('lists the live streams and stops another one, then plays here', async () => {
    const calls = stubFetch({ '/resources/streams': () => json(200, { ok: true }) });
    const onStopped = vi.fn();
    renderInRouter(<StreamLimitDialog limit={streamLimit} onStopped={onStopped} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Смотреть одновременно можно на 2 устройствах')).toBeTruthy();
    const items = within(dialog).getAllByTestId('live-stream');
    expect(items[0]!.textContent).toContain('Smart TV · LG');
    expect(items[0]!.textContent).toContain('Тайна');
    expect(items[0]!.textContent).toMatch(/с .*\d\d:\d\d/);
    expect(items[1]!.textContent).toContain('Это устройство');
    expect(within(items[1]!).queryByRole('button')).toBeNull();
    fireEvent.click(within(items[0]!).getByRole('button', { name: 'Остановить' }));
    await vi.waitFor(() => expect(onStopped).toHaveBeenCalledOnce());
    expect(String(calls[0]!.init?.body)).toBe('intent=stop&stream_id=44444444-4444-4444-8444-444444444444');
  });

  it('says so when stopping fails, and stays', async () => {
    stubFetch({ '/resources/streams': () => json(400, { error: 'failed' }) });
    const onStopped = vi.fn();
    renderInRouter(<StreamLimitDialog limit={{ ...streamLimit, limit: 1 }} onStopped={onStopped} onClose={() => undefined} />);
    expect(await screen.findByText('Смотреть одновременно можно на 1 устройстве')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Остановить' }));
    expect(await screen.findByText('Не получилось остановить просмотр. Попробуйте ещё раз.')).toBeTruthy();
    expect(onStopped).not.toHaveBeenCalled();
  });

  it('410 STREAM_STOPPED: «Смотреть здесь» plays here again', async () => {
    const onWatchHere = vi.fn();
    renderInRouter(<StreamStoppedDialog onWatchHere={onWatchHere} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Просмотр продолжен на другом устройстве')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Смотреть здесь' }));
    expect(onWatchHere).toHaveBeenCalledOnce();
  });
});

describe('pressing play (usePlayback with the gate)', () => {
  const press = async () => fireEvent.click(await screen.findByRole('button', { name: 'play' }));

  it('plays an entitled item', async () => {
    stubFetch({ '/resources/playback/': () => json(200, { check: { ...gated, playlists: [{ url: '/api/media/s/1/2/3/a/master.m3u8', type: 'hls', expires_at: '2099-01-01T00:00:00Z', duration_seconds: 60, thumbnails_url: null }], reason: 'ok' }, viewer: viewer() }) });
    renderInRouter(<Harness />);
    await press();
    expect((await screen.findByTestId('playing')).textContent).toBe('/api/media/s/1/2/3/a/master.m3u8');
  });

  it('400 USER_USE_ANONYMIZER: the persistent VPN warning, kept for the next page of the tab until closed (spec platform §8)', async () => {
    const calls = stubFetch({ '/resources/playback/': () => json(400, { error: { status: 400, code: 'USER_USE_ANONYMIZER', message: 'USER_USE_ANONYMIZER' }, viewer: viewer() }) });
    renderInRouter(<Harness />);
    await press();
    const warning = await screen.findByTestId('notice-vpn');
    expect(warning.getAttribute('role')).toBe('alert');
    expect(warning.textContent).toContain('Отключите VPN, чтобы весь контент стал доступен');
    expect(calls).toHaveLength(1); // a named failure is not asked again
    expect(JSON.parse(window.sessionStorage.getItem('ekran.notices.v1') ?? '[]')).toEqual([expect.objectContaining({ id: 'vpn', persistent: true })]);
    // It does not close by itself.
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('notice-vpn')).toBeTruthy();
    fireEvent.click(within(warning).getByRole('button', { name: 'Закрыть уведомление' }));
    expect(screen.queryByTestId('notice-vpn')).toBeNull();
    expect(window.sessionStorage.getItem('ekran.notices.v1')).toBeNull();
  });

  it('any other failure asks once more, then says «Что-то пошло не так» (spec platform §8)', async () => {
    const calls = stubFetch({ '/resources/playback/': () => json(500, { error: { status: 500, code: 'INTERNAL', message: '' }, viewer: viewer() }) });
    renderInRouter(<Harness />);
    await press();
    const notice = await screen.findByTestId('notice-playback-error');
    expect(notice.textContent).toContain('Что-то пошло не так');
    expect(notice.textContent).toContain('Скоро все починим. Попробуйте позже.');
    expect(calls.filter((c) => c.url.startsWith('/resources/playback/'))).toHaveLength(2);
  });

  it('403 DEVICE_NOT_REGISTERED: the device-registration popup', async () => {
    stubFetch({ '/resources/playback/': () => json(403, { error: { status: 403, code: 'DEVICE_NOT_REGISTERED', message: '' }, viewer: viewer() }) });
    renderInRouter(<Harness />);
    await press();
    expect(await screen.findByTestId('device-registration-dialog')).toBeTruthy();
  });

  it('403 STREAM_LIMIT_EXCEEDED: the stream-limit dialog', async () => {
    stubFetch({ '/resources/playback/': () => json(403, { error: { status: 403, code: 'STREAM_LIMIT_EXCEEDED', message: '', stream_limit: streamLimit }, viewer: viewer() }) });
    renderInRouter(<Harness />);
    await press();
    expect(await screen.findByTestId('stream-limit-dialog')).toBeTruthy();
  });

  it('403 KIDS_PROFILE_RESTRICTED: the kids message', async () => {
    stubFetch({ '/resources/playback/': () => json(403, { error: { status: 403, code: 'KIDS_PROFILE_RESTRICTED', message: '' }, viewer: viewer({ profile_for_child: true }) }) });
    renderInRouter(<Harness />);
    await press();
    expect(await screen.findByText('Этот фильм недоступен в детском профиле.')).toBeTruthy();
  });

  it('a non-subscriber sees the subscription popup; its trial starts the tariff flow and a payment-link failure says so', async () => {
    const calls = stubFetch({
      '/resources/playback/': () => json(200, { check: gated, viewer: viewer() }),
      '/resources/tariffs': () => json(200, { tariffs: [tariff({ _id: 'year', weight: 10 }), tariff()] }),
      '/resources/payment-link': () => json(502, { error: 'payment-link' }),
    });
    renderInRouter(<Harness />);
    await press();
    const cta = await screen.findByRole('button', { name: 'Смотреть 7 дней бесплатно' });
    fireEvent.click(cta);
    expect(await screen.findByTestId('notice-playback-error')).toBeTruthy();
    const pay = calls.find((c) => c.url === '/resources/payment-link');
    // The result page leads back to the title after paying.
    expect(String(pay?.init?.body)).toBe('back_url=%2Fwatch%2Ftayna&tariff_id=t0');
    expect(screen.queryByTestId('subscription-dialog')).toBeNull();
  });

  it('a ttk partner gets the partner popup', async () => {
    stubFetch({ '/resources/playback/': () => json(200, { check: gated, viewer: viewer({ partner: { name: 'ttk' } }) }) });
    renderInRouter(<Harness />);
    await press();
    expect(await screen.findByTestId('partner-dialog')).toBeTruthy();
  });

  it('an operator customer out of money sees «Пополните баланс и возвращайтесь»', async () => {
    stubFetch({ '/resources/playback/': () => json(200, { check: gated, viewer: viewer({ mf_info: { is_mf: true, mf_pop_up: 'no_money' } }) }) });
    renderInRouter(<Harness />);
    await press();
    expect((await screen.findByTestId('notice-operator-balance')).textContent).toContain('Пополните баланс и возвращайтесь');
  });
});
