// The player's icons (24×24, currentColor), hidden from assistive technology: every button has its own label.
const Svg = ({ children }: { children: React.ReactNode }) => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="player__icon">
    {children}
  </svg>
);

export const PlayIcon = () => (
  <Svg>
    <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
  </Svg>
);
export const PauseIcon = () => (
  <Svg>
    <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" fill="currentColor" />
  </Svg>
);
export const BackIcon = () => (
  <Svg>
    <path d="M12 5V2L7 6l5 4V7a6 6 0 1 1-6 6H4a8 8 0 1 0 8-8z" fill="currentColor" />
    <text x="12" y="16.5" fontSize="7" fontWeight="700" textAnchor="middle" fill="currentColor">10</text>
  </Svg>
);
export const ForwardIcon = () => (
  <Svg>
    <path d="M12 5V2l5 4-5 4V7a6 6 0 1 0 6 6h2a8 8 0 1 1-8-8z" fill="currentColor" />
    <text x="12" y="16.5" fontSize="7" fontWeight="700" textAnchor="middle" fill="currentColor">10</text>
  </Svg>
);
export const VolumeIcon = ({ level }: { level: 'muted' | 'low' | 'high' }) => (
  <Svg>
    <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
    {level === 'muted' ? <path d="m16 9 5 6m0-6-5 6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /> : null}
    {level !== 'muted' ? <path d="M16 9.5a3.5 3.5 0 0 1 0 5" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" /> : null}
    {level === 'high' ? <path d="M18.5 7a7 7 0 0 1 0 10" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" /> : null}
  </Svg>
);
export const QualityIcon = () => (
  <Svg>
    <path
      d="M19.4 13a7.5 7.5 0 0 0 0-2l2-1.6-2-3.4-2.4 1a7.4 7.4 0 0 0-1.7-1L15 3.5h-4l-.4 2.5a7.4 7.4 0 0 0-1.7 1l-2.4-1-2 3.4 2 1.6a7.5 7.5 0 0 0 0 2l-2 1.6 2 3.4 2.4-1a7.4 7.4 0 0 0 1.7 1l.4 2.5h4l.4-2.5a7.4 7.4 0 0 0 1.7-1l2.4 1 2-3.4zM13 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7z"
      fill="currentColor"
      transform="translate(-1 0)"
    />
  </Svg>
);
export const SubtitlesIcon = () => (
  <Svg>
    <rect x="3" y="5" width="18" height="14" rx="2.5" fill="none" stroke="currentColor" strokeWidth="2" />
    <path d="M7 11h4M13 11h4M7 15h7M16 15h1" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </Svg>
);
export const AudioIcon = () => (
  <Svg>
    <path d="M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3z" fill="currentColor" />
    <path d="M6 11a6 6 0 0 0 12 0M12 17v4" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" />
  </Svg>
);
export const SpeedIcon = () => (
  <Svg>
    <path d="M12 4a9 9 0 0 0-7.8 13.5h15.6A9 9 0 0 0 12 4z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    <path d="m12 14 4-5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
  </Svg>
);
export const PipIcon = () => (
  <Svg>
    <rect x="3" y="5" width="18" height="14" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
    <rect x="12" y="11" width="7" height="6" rx="1" fill="currentColor" />
  </Svg>
);
export const FullscreenIcon = ({ exit }: { exit: boolean }) => (
  <Svg>
    {exit ? (
      <path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" strokeLinejoin="round" />
    ) : (
      <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" strokeLinejoin="round" />
    )}
  </Svg>
);
export const NextIcon = () => (
  <Svg>
    <path d="M6 5.5v13l9-6.5zM16.5 5.5H19v13h-2.5z" fill="currentColor" />
  </Svg>
);
export const CloseIcon = () => (
  <Svg>
    <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
  </Svg>
);
