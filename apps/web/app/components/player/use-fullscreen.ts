// Full screen (the player's root; the video alone on iPhone Safari) and picture in picture.
import { useEffect, useState, type RefObject } from 'react';

export function useFullscreen(rootRef: RefObject<HTMLDivElement | null>, videoRef: RefObject<HTMLVideoElement | null>) {
  const [fullscreen, setFullscreen] = useState(false);
  const [pip, setPip] = useState(false);
  const [pipSupported, setPipSupported] = useState(false);
  useEffect(() => {
    const onChange = () => {
      const on = document.fullscreenElement === rootRef.current;
      setFullscreen(on);
      if (!on) {
        try {
          screen.orientation?.unlock?.();
        } catch {
          // not locked, or not supported
        }
      }
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [rootRef]);
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    setPipSupported(typeof document !== 'undefined' && 'pictureInPictureEnabled' in document && document.pictureInPictureEnabled && !video.disablePictureInPicture);
    const onPipIn = () => setPip(true);
    const onPipOut = () => setPip(false);
    video.addEventListener('enterpictureinpicture', onPipIn);
    video.addEventListener('leavepictureinpicture', onPipOut);
    return () => {
      video.removeEventListener('enterpictureinpicture', onPipIn);
      video.removeEventListener('leavepictureinpicture', onPipOut);
    };
  }, [videoRef]);

  const toggleFullscreen = () => {
    const root = rootRef.current;
    const video = videoRef.current;
    if (!root || !video) return;
    if (document.fullscreenElement) return void document.exitFullscreen().catch(() => undefined);
    if (typeof root.requestFullscreen === 'function') {
      root
        .requestFullscreen({ navigationUI: 'hide' })
        .then(() => {
          // A phone turns to landscape for the film where the browser allows it.
          const orientation = screen.orientation as ScreenOrientation & { lock?: (o: string) => Promise<void> };
          if (matchMedia('(pointer: coarse)').matches) void orientation?.lock?.('landscape').catch(() => undefined);
        })
        .catch(() => undefined);
    } else {
      const iosVideo: HTMLVideoElement & { webkitEnterFullscreen?: () => void } = video;
      iosVideo.webkitEnterFullscreen?.(); // iPhone Safari: only the video element goes full screen
    }
  };
  const togglePip = () => {
    const video = videoRef.current;
    if (!video) return;
    if (document.pictureInPictureElement) void document.exitPictureInPicture().catch(() => undefined);
    else void video.requestPictureInPicture().catch(() => undefined);
  };
  return { fullscreen, toggleFullscreen, pip, pipSupported, togglePip };
}
