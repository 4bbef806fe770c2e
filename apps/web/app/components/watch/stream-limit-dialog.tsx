import type { LiveStream, StreamLimit } from '@ekran/contracts';
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Modal } from '../ui/modal.tsx';
import { callResource } from '../../lib/resource-client.ts';

const timeFormat = new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit' });
const dayTimeFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });

/** When a stream started, as the viewer's clock reads it: «14:05» today, «12 марта, 14:05» before. */
export function streamSince(startedAt: string, now: Date = new Date()): string {
  const at = new Date(startedAt);
  return at.toDateString() === now.toDateString() ? timeFormat.format(at) : dayTimeFormat.format(at);
}

/** Stops one stream through the web server; resolves to whether it is stopped (already stopped counts). */
async function stopStream(id: string): Promise<boolean> {
  try {
    const { body: answer } = await callResource('StopStreamAnswerSchema', '/resources/streams', { method: 'POST', body: new URLSearchParams({ intent: 'stop', stream_id: id }) });
    return Boolean(answer && ('ok' in answer || answer.error === 'not-found'));
  } catch {
    return false;
  }
}

/**
 * The account already plays as many streams as its tariff allows. «Смотреть
 * одновременно можно на N устройствах», the live streams (device, title, since), and «Остановить» on each
 * other stream; once one stops, this device plays (`onStopped`).
 */
export function StreamLimitDialog({ limit, onStopped, onClose }: { limit: StreamLimit; onStopped: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [stopping, setStopping] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const handleStop = async (stream: LiveStream) => {
    setStopping(stream.id);
    setFailed(false);
    const stopped = await stopStream(stream.id);
    setStopping(null);
    if (stopped) onStopped();
    else setFailed(true);
  };
  return (
    <Modal onClose={onClose} focus="dialog" title={t('gating.streamLimitTitle', { count: limit.limit })} lead={t('gating.streamLimitLead')} testId="stream-limit-dialog">
      {failed ? (
        <p className="modal__error" role="alert">
          {t('gating.streamStopFailed')}
        </p>
      ) : null}
      <ul className="streams">
        {limit.items.map((s) => (
          <li key={s.id} className="streams__item" data-testid="live-stream">
            <span className="streams__device">{s.is_current ? t('gating.streamThisDevice') : s.device_name}</span>
            <span className="streams__title">{s.title}</span>
            <span className="streams__since">{t('gating.streamSince', { time: streamSince(s.started_at) })}</span>
            {s.is_current ? null : (
              <button type="button" className="btn btn--ghost btn--sm streams__stop" disabled={stopping !== null} onClick={() => void handleStop(s)} data-testid="stream-stop">
                {stopping === s.id ? t('gating.streamStopping') : t('gating.streamStop')}
              </button>
            )}
          </li>
        ))}
      </ul>
      <div className="modal__actions">
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          {t('gating.close')}
        </button>
      </div>
    </Modal>
  );
}

/** 410 STREAM_STOPPED: another device of the account took over; «Смотреть здесь» plays here again. */
export function StreamStoppedDialog({ onWatchHere, onClose }: { onWatchHere: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal onClose={onClose} size="sm" title={t('gating.streamStoppedTitle')} lead={t('gating.streamStoppedLead')} testId="stream-stopped-dialog">
      <div className="modal__actions">
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          {t('gating.close')}
        </button>
        <button type="button" className="btn btn--primary" onClick={onWatchHere} data-testid="watch-here">
          {t('gating.watchHere')}
        </button>
      </div>
    </Modal>
  );
}
