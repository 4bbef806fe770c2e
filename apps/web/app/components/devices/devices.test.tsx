// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { device, deviceLimit } from '../../test/devices.ts';
import { renderInRouter } from '../../test/render.tsx';
import { DeletedDeviceDialog } from './deleted-device-dialog.tsx';
import { DeviceLimitDialog } from './device-limit-dialog.tsx';
import { DeviceList } from './device-list.tsx';
import { DeviceRegistrationDialog } from './device-registration-dialog.tsx';

afterEach(cleanup);

describe('DeviceList', () => {
  it('names each device, its kind and last use in Moscow time, and marks this one', async () => {
    renderInRouter(<DeviceList devices={[device(), device({ id: 'd2', name: null, type: 'smarttv', platform: 'tv', is_current: true })]} />);
    const items = await screen.findAllByTestId('device-item');
    expect(items[0]!.textContent).toContain('Chrome 124 · Windows 10');
    expect(items[0]!.textContent).toContain('Компьютер · Последний вход: 20 ноября 2026 г. в 15:30');
    expect(items[0]!.textContent).not.toContain('Это устройство');
    expect(items[1]!.textContent).toContain('Smart TV');
    expect(within(items[1]!).getByText('Это устройство')).toBeTruthy();
  });
});

describe('DeviceLimitDialog (spec platform §8 DEVICE_COUNT_EXCEEDED)', () => {
  it('lists the devices, each with a form that removes it with the ticket and goes back', async () => {
    const limit = deviceLimit();
    renderInRouter(<DeviceLimitDialog limit={limit} back="/watch/tayna" />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Достигнут лимит устройств')).toBeTruthy();
    expect(within(dialog).getByText('Аккаунт уже открыт на 2 устройствах — это максимум. Отключите одно из них, чтобы войти здесь.')).toBeTruthy();
    const forms = dialog.querySelectorAll('form');
    expect(forms).toHaveLength(2);
    const fields = (form: Element) => Object.fromEntries(new FormData(form as HTMLFormElement));
    expect(forms[1]!.getAttribute('action')).toBe('/resources/device-limit');
    expect(fields(forms[1]!)).toEqual({ ticket: limit.ticket, remove_device_id: limit.devices[1]!.id, back: '/watch/tayna' });
    expect(within(dialog).getAllByRole('button', { name: 'Отключить' })).toHaveLength(2);
  });

  it('speaks of one device in the singular', async () => {
    renderInRouter(<DeviceLimitDialog limit={deviceLimit({ limit: 1, devices: [device()] })} back="/" />);
    expect(await screen.findByText('Аккаунт уже открыт на 1 устройстве — это максимум. Отключите его, чтобы войти здесь.')).toBeTruthy();
  });
});

describe('DeviceRegistrationDialog (spec platform §8 DEVICE_NOT_REGISTERED)', () => {
  it('offers to register this device', async () => {
    renderInRouter(<DeviceRegistrationDialog open onOpenChange={() => undefined} onRegistered={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Устройство не зарегистрировано')).toBeTruthy();
    const register = within(dialog).getByRole('button', { name: 'Зарегистрировать устройство' });
    expect(register.closest('form')?.getAttribute('action')).toBe('/resources/devices');
  });

  it('renders nothing while closed', async () => {
    renderInRouter(<DeviceRegistrationDialog open={false} onOpenChange={() => undefined} onRegistered={() => undefined} />);
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('DeletedDeviceDialog', () => {
  it('says the device was disconnected elsewhere and offers to sign in again', async () => {
    renderInRouter(<DeletedDeviceDialog />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Устройство отключено')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Войти' }).getAttribute('href')).toBe('/auth');
  });
});
