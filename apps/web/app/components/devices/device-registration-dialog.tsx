import type { DeviceLimit } from '@ekran/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { useFetcher } from 'react-router';
import { DeviceList } from './device-list.tsx';
import { Modal } from '../ui/modal.tsx';

/** What the devices resource answers: registered, stopped by the limit (with the devices), or failed. */
export type DeviceRegistrationResult = { ok: true } | { deviceLimit: DeviceLimit } | { error: 'failed' };

/**
 * spec platform §8 403 DEVICE_NOT_REGISTERED → the device-registration popup: registers this browser to the
 * account. Over the device limit it lists the devices so the viewer disconnects one and registers this one
 * in the same step. `onRegistered` runs once it is done (the player then asks for playback again).
 */
export function DeviceRegistrationDialog({
  open,
  onOpenChange,
  onRegistered,
  initialLimit = null,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRegistered: () => void;
  /** The playback check already said the account is at its device limit (its devices). */
  initialLimit?: DeviceLimit | null;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<DeviceRegistrationResult>();
  const busy = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const done = useRef<unknown>(null);
  useEffect(() => {
    // Each successful answer is acted on once.
    if (result && 'ok' in result && done.current !== result) {
      done.current = result;
      onRegistered();
    }
  }, [result, onRegistered]);
  const limit = result && 'deviceLimit' in result ? result.deviceLimit : initialLimit;
  const replacing = busy ? String(fetcher.formData?.get('remove_device_id') ?? '') : '';

  return (
    <Modal
      open={open}
      onClose={() => onOpenChange(false)}
      focus="dialog"
      title={limit ? t('devices.limitTitle') : t('devices.registerTitle')}
      lead={limit ? t('devices.limitRegisterLead') : t('devices.registerLead')}
      testId="device-registration-dialog"
    >
      {result && 'error' in result ? (
        <p className="modal__error" role="alert">
          {t('devices.registerFailed')}
        </p>
      ) : null}
      {limit ? (
        <DeviceList
          devices={limit.devices}
          // This session's own device stays: disconnecting it would end this very session.
          action={(d) =>
            d.is_current ? null : (
              <fetcher.Form method="post" action="/resources/devices">
                <input type="hidden" name="intent" value="replace" />
                <input type="hidden" name="remove_device_id" value={d.id} />
                <button type="submit" className="btn btn--ghost btn--sm" disabled={busy} data-testid="device-replace">
                  {replacing === d.id ? t('devices.removing') : t('devices.remove')}
                </button>
              </fetcher.Form>
            )
          }
        />
      ) : (
        <fetcher.Form method="post" action="/resources/devices" className="modal__actions">
          <input type="hidden" name="intent" value="register" />
          <button type="button" className="btn btn--ghost" onClick={() => onOpenChange(false)}>
            {t('devices.cancel')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy} data-testid="device-register">
            {busy ? t('devices.registering') : t('devices.register')}
          </button>
        </fetcher.Form>
      )}
    </Modal>
  );
}
