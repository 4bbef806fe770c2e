import type { DeviceLimit } from '@ekran/contracts';
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { useFetcher } from 'react-router';
import { DeviceList } from './device-list.tsx';
import { Modal } from '../ui/modal.tsx';

/** What the device-limit resource answers when it cannot finish the sign-in (a success redirects). */
export interface DeviceLimitActionData {
  error: 'expired' | 'failed';
}

/**
 * spec platform §8 403 DEVICE_COUNT_EXCEEDED → the device-limit popup: the account's devices, one of which
 * the viewer disconnects; the sign-in that was stopped then completes and goes on to its return URL.
 */
export function DeviceLimitDialog({ limit, back }: { limit: DeviceLimit; back: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const fetcher = useFetcher<DeviceLimitActionData>();
  const busy = fetcher.state !== 'idle';
  const removing = busy ? String(fetcher.formData?.get('remove_device_id') ?? '') : '';
  const error = fetcher.state === 'idle' ? fetcher.data?.error : undefined;
  return (
    <Modal open={open} onClose={() => setOpen(false)} focus="dialog" title={t('devices.limitTitle')} lead={t('devices.limitLead', { count: limit.devices.length })} testId="device-limit-dialog">
      {error ? (
        <p className="modal__error" role="alert">
          {t(error === 'expired' ? 'devices.limitExpired' : 'devices.limitFailed')}
        </p>
      ) : null}
      <DeviceList
        devices={limit.devices}
        action={(d) => (
          <fetcher.Form method="post" action="/resources/device-limit">
            <input type="hidden" name="ticket" value={limit.ticket ?? ''} />
            <input type="hidden" name="remove_device_id" value={d.id} />
            <input type="hidden" name="back" value={back} />
            <button type="submit" className="btn btn--ghost btn--sm" disabled={busy || error === 'expired'} data-testid="device-remove">
              {removing === d.id ? t('devices.removing') : t('devices.remove')}
            </button>
          </fetcher.Form>
        )}
      />
      <div className="modal__actions">
        <button type="button" className="btn btn--ghost" onClick={() => setOpen(false)}>
          {t('devices.cancel')}
        </button>
      </div>
    </Modal>
  );
}
