// What the viewer chose, remembered in this browser (preferences.ts): volume and mute, the quality (as a
// height), the subtitles' language. The audio track and the speed are chosen per film and not remembered.
import { useCallback, useRef, useState, type RefObject } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { loadPreferences, savePreferences, type PlayerPreferences } from './preferences.ts';
import type { HlsTracks } from './use-hls.ts';

/** The remembered choices, read once as the player mounts; `remember` stores a change. */
export function usePreferences() {
  const [initialPrefs] = useState(loadPreferences);
  const prefsRef = useRef<PlayerPreferences>(initialPrefs);
  const remember = useCallback((change: Partial<PlayerPreferences>) => {
    prefsRef.current = savePreferences(change);
  }, []);
  return { initialPrefs, prefsRef, remember };
}

/** The menus' choices of quality, audio and subtitles, told to the engine, remembered and announced. */
export function useTrackChoices(
  hls: HlsTracks,
  prefsRef: RefObject<PlayerPreferences>,
  remember: (change: Partial<PlayerPreferences>) => void,
  announce: (text: string) => void,
) {
  const { t } = useTranslation();
  const { engineRef, levels, setLevel, audio, setAudio, subs, setSubs } = hls;
  const chooseQuality = (value: string) => {
    const engine = engineRef.current;
    if (!engine) return;
    if (value === 'auto') {
      engine.setLevel(-1);
      setLevel((l) => ({ ...l, auto: true }));
      remember({ quality: null });
      announce(t('player.qualityChanged', { label: t('player.qualityAuto') }));
      return;
    }
    const option = levels.find((o) => String(o.index) === value);
    if (!option) return;
    engine.setLevel(option.index);
    setLevel({ index: option.index, auto: false });
    remember({ quality: option.height });
    announce(t('player.qualityChanged', { label: option.label }));
  };
  const chooseSubtitles = (value: string) => {
    const engine = engineRef.current;
    const id = value === 'off' ? -1 : Number(value);
    const track = subs.tracks.find((s) => s.id === id);
    engine?.setSubtitleTrack(track ? id : -1);
    setSubs((s) => ({ ...s, current: track ? id : -1 }));
    remember({ subtitles: track?.lang || null });
    announce(t('player.subtitlesChanged', { name: track ? track.name : t('player.subtitlesOff') }));
  };
  /** C: off when on; else the remembered language, Russian, or the first track. */
  const toggleSubtitles = () => {
    if (subs.tracks.length === 0) return;
    if (subs.current >= 0) return chooseSubtitles('off');
    const lang = prefsRef.current.subtitles;
    const track = subs.tracks.find((s) => s.lang === lang) ?? subs.tracks.find((s) => s.lang.startsWith('ru')) ?? subs.tracks[0];
    if (track) chooseSubtitles(String(track.id));
  };
  const chooseAudio = (value: string) => {
    const track = audio.tracks.find((a) => String(a.id) === value);
    if (!track) return;
    engineRef.current?.setAudioTrack(track.id);
    setAudio((a) => ({ ...a, current: track.id }));
    announce(t('player.audioChanged', { name: track.name }));
  };
  return { chooseQuality, chooseSubtitles, toggleSubtitles, chooseAudio };
}
