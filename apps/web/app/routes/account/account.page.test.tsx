// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n.ts';
import { device } from '../../test/devices.ts';
import Account from './account.tsx';

afterEach(cleanup);

function show(path: string, loaderData: object) {
  const Stub = createRoutesStub([{ path: '/account/:type?', Component: Account as never, loader: () => loaderData, HydrateFallback: () => null }]);
  return render(
    <I18nextProvider i18n={createI18n('ru')}>
      <Stub initialEntries={[path]} />
    </I18nextProvider>,
  );
}

const person = { name: null, birthday: null, gender: null, email: 'anna@example.ru', email_confirmed: false, phone: '79991234567', has_password: true };

describe('the account page', () => {
  it('has the five sections in a navigation, the open one marked', async () => {
    show('/account/devices', { section: 'devices', devices: { items: [], limit: 5 } });
    const nav = await screen.findByRole('navigation', { name: 'Разделы аккаунта' });
    expect(within(nav).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Личные данные', '/account'],
      ['Устройства', '/account/devices'],
      ['Подписки', '/account/subscriptions'],
      ['Уведомления', '/account/notifications'],
      ['Поддержка', '/account/support'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Устройства' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows the phone in the spec display format and the way to confirm the email', async () => {
    show('/account', { section: 'main', person, today: '2026-11-21' });
    expect((await screen.findByTestId('account-phone')).textContent).toBe('+7 999 123-45-67');
    expect(screen.getByText('Не подтверждена')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Подтвердить' }).getAttribute('href')).toBe('/signup/confirm?back=/account');
    expect(screen.getByLabelText('Дата рождения').getAttribute('max')).toBe('2026-11-21');
  });

  it('links to adding what is missing', async () => {
    show('/account', { section: 'main', person: { ...person, email: null, phone: null }, today: '2026-11-21' });
    expect((await screen.findByRole('link', { name: 'Добавить почту' })).getAttribute('href')).toBe('/signup?back=/account');
    expect(screen.getByRole('link', { name: 'Добавить телефон' })).toBeTruthy();
  });

  it('offers to disconnect every device but this one, which signs out instead', async () => {
    show('/account/devices', { section: 'devices', devices: { items: [device(), device({ id: 'd2', is_current: true, name: 'Firefox 128 · Linux' })], limit: 5 } });
    const items = await screen.findAllByTestId('device-item');
    expect(within(items[0]!).getByRole('button', { name: 'Отключить' })).toBeTruthy();
    expect(within(items[1]!).queryByRole('button')).toBeNull();
    expect(within(items[1]!).getByRole('link', { name: 'Выйти' }).getAttribute('href')).toBe('/logout');
    expect(screen.getByTestId('device-count').textContent).toBe('Подключено 2 из 5');
    expect(items[0]!.textContent).toContain('Подключено 1 ноября 2026 г.');
  });

  it('reads the subscriptions: status, tariff, until when, the next charge (issue 6: the pending subscription)', async () => {
    show('/account/subscriptions', {
      section: 'subscriptions',
      now: Date.parse('2026-11-10T00:00:00Z'),
      methods: [],
      subscriptions: [
        {
          _id: 's1', status: 'active', tariff: { _id: 't1', title: 'Подписка на месяц', price: 399, currency: 'RUB', duration_days: 30 }, started_at: '2026-11-01T00:00:00Z',
          expires_at: '2026-12-01T00:00:00Z', reccurent: true, source: 'card', manageable: true, expiration: '2026-12-01T00:00:00Z', billing_expire: null,
          tariff_info: { _id: 't1', rate_steps: [{ price: 399, currency: 'RUB', duration_days: 30, periods: null }] },
          next_charge: { at: '2026-12-01T00:00:00Z', amount: 399, currency: 'RUB' }, payment_method_id: null, partner: null,
        },
      ],
    });
    const sub = await screen.findByTestId('subscription');
    expect(sub.textContent).toContain('Подписка на месяц');
    expect(sub.textContent).toContain('Активна');
    expect(sub.textContent).toMatch(/399\s₽ в месяц/);
    expect(sub.textContent).toContain('Оплачена до 1 декабря 2026 г.');
    expect(sub.textContent).toContain('Следующее списание');
  });

  it('says when there is no subscription', async () => {
    show('/account/subscriptions', { section: 'subscriptions', subscriptions: [], methods: [], now: 0 });
    expect(await screen.findByText('У вас пока нет подписки.')).toBeTruthy();
  });

  it('shows each channel as a switch; a pending email says where the letter went', async () => {
    show('/account/notifications', {
      section: 'notifications',
      notifications: [
        { channel: 'email', status: 'pending', destination: 'anna@example.ru', available: true, updated_at: null },
        { channel: 'push', status: 'active', destination: null, available: true, updated_at: null },
        { channel: 'sms', status: 'off', destination: null, available: false, updated_at: null },
      ],
    });
    const email = await screen.findByTestId('notify-email');
    expect(email.textContent).toContain('Ждёт подтверждения');
    expect(email.textContent).toContain('Мы отправили письмо на anna@example.ru.');
    expect(screen.getByTestId('notify-toggle-push').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId<HTMLButtonElement>('notify-toggle-sms').disabled).toBe(true);
    expect(screen.getByTestId('notify-sms').textContent).toContain('Добавьте телефон в аккаунт');
  });

  it('tells how to reach support', async () => {
    show('/account/support', { section: 'support', support: { email: 'support@ekran.ru', phone: '88007001234' }, accountId: 'acc-1' });
    expect((await screen.findByRole('link', { name: 'support@ekran.ru' })).getAttribute('href')).toBe('mailto:support@ekran.ru');
    expect(screen.getByRole('link', { name: '8 800 700-12-34' }).getAttribute('href')).toBe('tel:+78007001234');
    expect(screen.getByRole('link', { name: 'Ответы на частые вопросы' }).getAttribute('href')).toBe('/faq');
  });
});
