/** The Ekran wordmark: a screen-shaped mark and the name. */
export function Logo({ label }: { label: string }) {
  return (
    <svg className="logo" viewBox="0 0 132 32" role="img" aria-label={label}>
      <defs>
        <linearGradient id="logo-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ff6a3d" />
          <stop offset="1" stopColor="#ff2d6f" />
        </linearGradient>
      </defs>
      <rect x="1" y="4" width="30" height="21" rx="5" fill="url(#logo-g)" />
      <path d="M13 10.5v8l7-4z" fill="#fff" />
      <rect x="9" y="27" width="14" height="2.5" rx="1.25" fill="#ff6a3d" opacity=".7" />
      <text x="40" y="23" fill="currentColor" fontFamily="Inter Variable, Inter, system-ui, sans-serif" fontSize="21" fontWeight="700" letterSpacing="-0.5">
        Экран
      </text>
    </svg>
  );
}
