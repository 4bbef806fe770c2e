// A promo slot: the seconds until it may be skipped, and leaving for what it promotes.
import type { PlayerSlot } from '@ekran/contracts';
import { useEffect, useState, type RefObject } from 'react';
import { useNavigate } from 'react-router';

interface SlotOptions {
  videoRef: RefObject<HTMLVideoElement | null>;
  slot: PlayerSlot | null;
  onClose: () => void;
  onLeave: ((to: string) => void) | undefined;
}

export function usePromoSlot({ videoRef, slot, onClose, onLeave }: SlotOptions) {
  const navigate = useNavigate();
  const [slotTime, setSlotTime] = useState<{ uid: string; seconds: number } | null>(null);
  const slotUid = slot?.uid;
  useEffect(() => {
    const video = videoRef.current;
    if (!slotUid || !video) return;
    const onTime = () => setSlotTime({ uid: slotUid, seconds: video.currentTime });
    video.addEventListener('timeupdate', onTime);
    return () => video.removeEventListener('timeupdate', onTime);
  }, [slotUid, videoRef]);
  const slotElapsed = slot && slotTime?.uid === slot.uid ? slotTime.seconds : 0;
  const skipIn = slot && slot.skip_after_seconds !== null ? Math.max(0, Math.ceil(slot.skip_after_seconds - slotElapsed)) : null;

  /** Follows a promo's link: the page's onLeave, or close and go. */
  const leaveFor = (e: { preventDefault: () => void } | null, to: string) => {
    e?.preventDefault();
    if (onLeave) return onLeave(to);
    onClose();
    void navigate(to);
  };
  return { skipIn, leaveFor };
}
