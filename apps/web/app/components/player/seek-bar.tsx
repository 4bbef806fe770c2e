import { formatPlayerTime } from '@ekran/core';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { SEEK_STEP_SECONDS } from './shortcuts.ts';
import { thumbnailAt, type ThumbnailCue } from './thumbnails.ts';

/** Start and end of a buffered range, in seconds. */
export type Range = readonly [number, number];

const THUMB_WIDTH = 160;

/**
 * The seek bar: played and buffered ranges, the time under the pointer with its thumbnail (scrub-bar
 * sprites), dragging with mouse, pen or finger. A slider for assistive technology with «12:34 из 1:52:10»;
 * ←/→ move 10 s (the player's shortcut), PageUp/PageDown a minute, Home/End the ends.
 */
export function SeekBar({
  time,
  duration,
  buffered,
  thumbnails,
  onHoverStart,
  onSeek,
  disabled,
}: {
  time: number;
  duration: number;
  buffered: readonly Range[];
  thumbnails: readonly ThumbnailCue[];
  /** The pointer came over the bar (the thumbnails load then). */
  onHoverStart: () => void;
  onSeek: (seconds: number) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [hover, setHover] = useState<{ x: number; time: number; width: number } | null>(null);
  const [drag, setDrag] = useState<number | null>(null);
  const known = Number.isFinite(duration) && duration > 0;
  const shown = drag ?? time;
  const pct = (s: number) => (known ? `${Math.min(100, Math.max(0, (s / duration) * 100))}%` : '0%');

  const timeAt = (clientX: number) => {
    const rect = ref.current!.getBoundingClientRect();
    const x = Math.min(rect.width, Math.max(0, clientX - rect.left));
    return { x, width: rect.width, time: rect.width > 0 ? (x / rect.width) * duration : 0 };
  };
  const handlePointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!known || disabled) return;
    const at = timeAt(e.clientX);
    if (e.pointerType === 'mouse' || drag !== null) setHover(at);
    if (drag !== null) setDrag(at.time);
  };
  const handlePointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (!known || disabled || e.button !== 0) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    const at = timeAt(e.clientX);
    onHoverStart();
    setHover(at);
    setDrag(at.time);
  };
  const handlePointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (drag === null) return;
    onSeek(timeAt(e.clientX).time);
    setDrag(null);
    if (e.pointerType !== 'mouse') setHover(null);
  };
  const handleKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!known || disabled) return;
    const to: Record<string, number> = {
      ArrowLeft: time - SEEK_STEP_SECONDS,
      ArrowDown: time - SEEK_STEP_SECONDS,
      ArrowRight: time + SEEK_STEP_SECONDS,
      ArrowUp: time + SEEK_STEP_SECONDS,
      PageDown: time - 60,
      PageUp: time + 60,
      Home: 0,
      End: duration,
    };
    const target = to[e.key];
    if (target === undefined) return;
    e.preventDefault();
    e.stopPropagation(); // the player's own ↑/↓ would change the volume
    onSeek(Math.min(duration, Math.max(0, target)));
  };

  const cue = hover ? thumbnailAt(thumbnails, hover.time) : null;
  const width = hover?.width ?? 0;
  const previewWidth = cue && cue.w > 0 ? Math.min(THUMB_WIDTH, cue.w) : 0;
  const previewLeft = hover ? Math.min(Math.max(hover.x, previewWidth / 2 + 4), Math.max(width - previewWidth / 2 - 4, previewWidth / 2)) : 0;

  return (
    <div
      ref={ref}
      className={`seek${drag !== null ? ' seek--dragging' : ''}`}
      role="slider"
      tabIndex={disabled ? -1 : 0}
      aria-label={t('player.seek')}
      aria-valuemin={0}
      aria-valuemax={known ? Math.floor(duration) : 0}
      aria-valuenow={Math.floor(shown)}
      aria-valuetext={t('player.timeOf', { time: formatPlayerTime(shown), total: formatPlayerTime(known ? duration : 0) })}
      aria-disabled={disabled || !known}
      data-testid="player-seek"
      onPointerEnter={() => onHoverStart()}
      onPointerMove={handlePointerMove}
      onPointerLeave={() => drag === null && setHover(null)}
      onPointerDown={handlePointerDown}
      onPointerUp={handlePointerUp}
      onPointerCancel={() => {
        setDrag(null);
        setHover(null);
      }}
      onKeyDown={handleKeyDown}
    >
      <div className="seek__track">
        {buffered.map(([start, end]) => (
          <div key={start} className="seek__buffered" style={{ left: pct(start), width: known ? `${((end - start) / duration) * 100}%` : 0 }} />
        ))}
        <div className="seek__played" style={{ width: pct(shown) }} />
        {hover ? <div className="seek__hover" style={{ width: `${hover.x}px` }} /> : null}
      </div>
      <div className="seek__knob" style={{ left: pct(shown) }} />
      {hover ? (
        <div className="seek__preview" style={{ left: `${previewLeft}px` }} aria-hidden="true">
          {cue && cue.w > 0 ? (
            // One tile of the sprite: the whole image scaled to the preview, moved so the tile sits at 0,0.
            <div className="seek__thumb" style={{ width: previewWidth, height: (cue.h * previewWidth) / cue.w }}>
              <img
                src={cue.url}
                alt=""
                style={{ transform: `translate(${(-cue.x * previewWidth) / cue.w}px, ${(-cue.y * previewWidth) / cue.w}px) scale(${previewWidth / cue.w})` }}
              />
            </div>
          ) : cue ? (
            <img className="seek__thumb" src={cue.url} alt="" width={THUMB_WIDTH} />
          ) : null}
          <span className="seek__time">{formatPlayerTime(hover.time)}</span>
        </div>
      ) : null}
    </div>
  );
}
