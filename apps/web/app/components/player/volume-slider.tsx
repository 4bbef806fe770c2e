import { useRef, useState } from 'react';
import { VOLUME_STEP } from './shortcuts.ts';

const KEY_STEPS: Record<string, number> = { ArrowLeft: -VOLUME_STEP, ArrowDown: -VOLUME_STEP, ArrowRight: VOLUME_STEP, ArrowUp: VOLUME_STEP };

/** The volume slider: 0–100 % for assistive technology, ←/→/↑/↓ by 10 %, Home/End mute and full. */
export function VolumeSlider({ value, onChange, onStep, label, valueText }: { value: number; onChange: (v: number) => void; onStep: (delta: number) => void; label: string; valueText: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [dragging, setDragging] = useState(false);
  const at = (clientX: number) => {
    const rect = ref.current?.getBoundingClientRect();
    return rect && rect.width > 0 ? (clientX - rect.left) / rect.width : 0;
  };
  return (
    <div
      ref={ref}
      className="player__volume-slider"
      role="slider"
      tabIndex={0}
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(value * 100)}
      aria-valuetext={valueText}
      data-testid="player-volume"
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture?.(e.pointerId);
        setDragging(true);
        onChange(at(e.clientX));
      }}
      onPointerMove={(e) => dragging && onChange(at(e.clientX))}
      onPointerUp={() => setDragging(false)}
      onPointerCancel={() => setDragging(false)}
      onKeyDown={(e) => {
        const step = KEY_STEPS[e.key];
        if (step !== undefined) onStep(step);
        else if (e.key === 'Home') onChange(0);
        else if (e.key === 'End') onChange(1);
        else return;
        e.preventDefault();
        e.stopPropagation(); // not the player's seek
      }}
    >
      <div className="player__volume-track">
        <div className="player__volume-fill" style={{ width: `${value * 100}%` }} />
      </div>
    </div>
  );
}
