import type { AccountDevice } from '@ekran/contracts';
import { useTranslation } from '../../lib/use-translation.ts';
import { deviceTitle, formatDate, formatDateTime } from './format.ts';
import './devices.css';

const ICONS: Record<NonNullable<AccountDevice['platform']> | 'unknown', string> = {
  desktop: 'M3 5h18v11H3zM8 20h8M12 16v4',
  mobile: 'M7 3h10v18H7zM11 18h2',
  tablet: 'M5 3h14v18H5zM11 18h2',
  tv: 'M3 6h18v11H3zM8 21l4-4 4 4',
  unknown: 'M3 5h18v11H3zM8 20h8M12 16v4',
};

/** The account's devices: a readable name, the kind, when it was last used (and first, on request); the asking device marked. */
export function DeviceList({ devices, action, showFirstSeen = false }: { devices: AccountDevice[]; action?: (device: AccountDevice) => React.ReactNode; showFirstSeen?: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="devices" data-testid="device-list">
      {devices.map((d) => (
        <li key={d.id} className={`device${d.is_current ? ' device--current' : ''}`} data-testid="device-item" data-device-uid={d.uid}>
          <svg className="device__icon" viewBox="0 0 24 24" aria-hidden="true">
            <path d={ICONS[d.platform ?? 'unknown']} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" strokeLinecap="round" />
          </svg>
          <div className="device__body">
            <p className="device__name">
              {deviceTitle(d, t)}
              {d.is_current ? <span className="device__badge">{t('devices.current')}</span> : null}
            </p>
            <p className="device__meta">
              {d.platform ? `${t(`devices.platform.${d.platform}`)} · ` : null}
              {t('devices.lastSeen', { date: formatDateTime(d.last_seen_at, i18n.language) })}
            </p>
            {showFirstSeen ? <p className="device__meta">{t('devices.firstSeen', { date: formatDate(d.first_seen_at, i18n.language) })}</p> : null}
          </div>
          {action ? <div className="device__action">{action(d)}</div> : null}
        </li>
      ))}
    </ul>
  );
}
