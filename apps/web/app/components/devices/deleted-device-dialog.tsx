import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Link, useLocation } from 'react-router';
import { Modal } from '../ui/modal.tsx';

/**
 * The «deleted device» popup of spec platform §2: this browser was disconnected from the account elsewhere,
 * so it now browses as a new anonymous visitor. Shown once, on the page that follows.
 */
export function DeletedDeviceDialog() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const location = useLocation();
  const back = `${location.pathname}${location.search}`;
  return (
    <Modal open={open} onClose={() => setOpen(false)} title={t('devices.deletedTitle')} lead={t('devices.deletedLead')} testId="deleted-device-dialog">
      <div className="modal__actions">
        <button type="button" className="btn btn--ghost" onClick={() => setOpen(false)}>
          {t('devices.later')}
        </button>
        <Link className="btn btn--primary" to={back === '/' ? '/auth' : `/auth?back=${encodeURIComponent(back)}`} onClick={() => setOpen(false)}>
          {t('devices.signIn')}
        </Link>
      </div>
    </Modal>
  );
}
