import { useTranslation } from '../../lib/use-translation.ts';
import { DeviceLimitDialog } from '../devices/device-limit-dialog.tsx';
import { DeviceRegistrationDialog } from '../devices/device-registration-dialog.tsx';
import { Modal } from '../ui/modal.tsx';
import { StreamLimitDialog, StreamStoppedDialog } from './stream-limit-dialog.tsx';
import { SubscriptionDialog } from './subscription-dialog.tsx';
import { authHref, type PlaybackGate } from './use-playback.ts';
import './watch.css';
import { TTK_MANAGE_URL } from '../../lib/partners.ts';

/** The dialog the playback gate has open, if any (spec platform §4 gating, §8 errors). */
export function PlaybackDialogs({ gate, onClose }: { gate: PlaybackGate; onClose?: () => void }) {
  const { t } = useTranslation();
  const { dialog } = gate;
  if (!dialog) return null;
  const close = () => {
    gate.close();
    onClose?.();
  };
  switch (dialog.kind) {
    case 'subscription':
      return (
        <SubscriptionDialog
          viewer={dialog.viewer}
          options={dialog.check.upgrade_options}
          authHref={authHref(gate.back)}
          paying={gate.paying}
          onSubscribe={() => void gate.startTariffFlow(dialog.viewer)}
          onClose={close}
          offer={dialog.offer ?? null}
          back={gate.back}
        />
      );
    case 'partner':
      return (
        <Modal onClose={close} size="sm" title={t('gating.partnerTitle')} lead={t('gating.partnerLead')} testId="partner-dialog">
          <p>{t('gating.partnerText')}</p>
          <div className="modal__actions">
            {/* The subscription is the partner's, managed on the partner's own site. */}
            <a className="btn btn--ghost" href={TTK_MANAGE_URL} target="_blank" rel="noopener noreferrer" data-testid="partner-manage">
              {t('partnersInfo.ttkManage')}
            </a>
            <button type="button" className="btn btn--primary" onClick={close}>
              {t('gating.understood')}
            </button>
          </div>
        </Modal>
      );
    case 'kids-restricted':
      return (
        <Modal onClose={close} size="sm" title={t('gating.kidsTitle')} lead={t('watch.kidsRestricted')} testId="kids-restricted-dialog">
          <div className="modal__actions">
            <button type="button" className="btn btn--primary" onClick={close}>
              {t('gating.understood')}
            </button>
          </div>
        </Modal>
      );
    case 'device-registration':
      return <DeviceRegistrationDialog open onOpenChange={(open) => !open && close()} onRegistered={gate.retry} initialLimit={dialog.limit} />;
    case 'device-limit':
      // Disconnecting a device finishes the stopped sign-in and comes back to this page.
      return <DeviceLimitDialog key={gate.seq} limit={dialog.limit} back={gate.back} />;
    case 'stream-limit':
      return <StreamLimitDialog limit={dialog.limit} onStopped={gate.retry} onClose={close} />;
    case 'stream-stopped':
      return <StreamStoppedDialog onWatchHere={gate.retry} onClose={close} />;
  }
}
