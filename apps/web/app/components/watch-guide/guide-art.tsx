import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';

// The pictures of the ways-to-watch pages: drawn here (no photos, no logos), in the site's dark palette. Each is an
// <svg role="img"> named by its <title>, so a screen reader says what the step shows.

const SCREEN = '#12151d';
const FRAME = '#2a3040';
const TILE = '#1f2430';
const MUTED = '#9aa1b2';
const TEXT = '#eef0f5';

/** The accent gradient of the site (--accent-grad) as an SVG gradient with a unique id. */
function AccentGradient({ id }: { id: string }) {
  return (
    <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stopColor="#ff6a3d" />
      <stop offset="1" stopColor="#ff2d6f" />
    </linearGradient>
  );
}

/** A TV set: frame, screen (its content as children, in a 400×225 box at 20,20) and stand. */
function TvSet({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <svg className="guide-art" viewBox="0 0 440 300" role="img" aria-labelledby={`${id}-t`}>
      <title id={`${id}-t`}>{title}</title>
      <rect x="8" y="8" width="424" height="249" rx="14" fill={FRAME} />
      <rect x="20" y="20" width="400" height="225" rx="6" fill={SCREEN} />
      <g transform="translate(20 20)">{children}</g>
      <path d="M190 257 h60 l14 26 h-88 z" fill={FRAME} />
      <rect x="140" y="283" width="160" height="7" rx="3.5" fill={FRAME} />
    </svg>
  );
}

/** The TV's app store: a row of apps with the Ekran tile in focus. */
export function TvStoreArt({ store }: { store: string }) {
  const { t } = useTranslation();
  const grad = useId();
  const tiles = [0, 1, 2, 3, 4, 5, 6, 7];
  return (
    <TvSet title={`${t('watchGuide.art.store')} (${store})`}>
      <defs>
        <AccentGradient id={grad} />
      </defs>
      <text x="20" y="30" fill={TEXT} fontSize="15" fontWeight="700">
        {t('watchGuide.art.apps')}
      </text>
      <rect x="250" y="14" width="132" height="24" rx="12" fill={TILE} />
      <circle cx="266" cy="26" r="5" fill="none" stroke={MUTED} strokeWidth="1.8" />
      <path d="M270 30 l4 4" stroke={MUTED} strokeWidth="1.8" strokeLinecap="round" />
      <text x="280" y="30.5" fill={MUTED} fontSize="11">
        {t('watchGuide.art.search')}
      </text>
      {tiles.map((i) => {
        const col = i % 4;
        const row = Math.floor(i / 4);
        const x = 20 + col * 92;
        const y = 56 + row * 80;
        if (i === 1) return null;
        return <rect key={i} x={x} y={y} width="80" height="66" rx="8" fill={TILE} opacity={0.55 + ((i * 37) % 40) / 100} />;
      })}
      {/* The Ekran tile, in focus */}
      <rect x="107" y="51" width="90" height="76" rx="11" fill="none" stroke={TEXT} strokeWidth="2.5" />
      <rect x="112" y="56" width="80" height="66" rx="8" fill={`url(#${grad})`} />
      <rect x="138" y="70" width="28" height="20" rx="4" fill="none" stroke="#fff" strokeWidth="2.5" />
      <path d="M148 76 l9 4 -9 4 z" fill="#fff" />
      <text x="152" y="110" fill="#fff" fontSize="12" fontWeight="700" textAnchor="middle">
        {t('brand')}
      </text>
    </TvSet>
  );
}

/** The app's page in the TV's store: the Ekran icon and the «Установить» button in focus. */
export function TvInstallArt({ store }: { store: string }) {
  const { t } = useTranslation();
  const grad = useId();
  return (
    <TvSet title={`${t('watchGuide.art.installPage')} (${store})`}>
      <defs>
        <AccentGradient id={grad} />
      </defs>
      <rect x="28" y="34" width="112" height="112" rx="22" fill={`url(#${grad})`} />
      <rect x="60" y="66" width="48" height="34" rx="6" fill="none" stroke="#fff" strokeWidth="4" />
      <path d="M77 75 l15 8 -15 8 z" fill="#fff" />
      <text x="84" y="128" fill="#fff" fontSize="15" fontWeight="700" textAnchor="middle">
        {t('brand')}
      </text>
      <text x="164" y="56" fill={TEXT} fontSize="22" fontWeight="700">
        {t('brand')}
      </text>
      <rect x="164" y="70" width="190" height="6" rx="3" fill={TILE} />
      <rect x="164" y="84" width="150" height="6" rx="3" fill={TILE} />
      <rect x="164" y="98" width="170" height="6" rx="3" fill={TILE} />
      <rect x="160" y="118" width="132" height="36" rx="18" fill="none" stroke={TEXT} strokeWidth="2.5" />
      <rect x="164" y="122" width="124" height="28" rx="14" fill={`url(#${grad})`} />
      <text x="226" y="140.5" fill="#fff" fontSize="12" fontWeight="700" textAnchor="middle">
        {t('watchGuide.art.install')}
      </text>
      {[0, 1, 2, 3].map((i) => (
        <rect key={i} x={28 + i * 88} y="172" width="78" height="40" rx="6" fill={TILE} opacity={0.7} />
      ))}
    </TvSet>
  );
}

/** The TV's sign-in screen: the code in large letters and the address to type it at. */
export function TvCodeArt({ code = 'ABCD-EFGH' }: { code?: string }) {
  const { t } = useTranslation();
  const grad = useId();
  const chars = code.replace('-', '').split('');
  return (
    <TvSet title={t('watchGuide.art.code')}>
      <defs>
        <AccentGradient id={grad} />
      </defs>
      <text x="200" y="46" fill={TEXT} fontSize="17" fontWeight="700" textAnchor="middle">
        {t('watchGuide.art.signIn')}
      </text>
      {chars.map((ch, i) => {
        const x = 48 + i * 36 + (i >= 4 ? 16 : 0);
        return (
          <g key={i}>
            <rect x={x} y="72" width="30" height="42" rx="6" fill={TILE} stroke={FRAME} />
            <text x={x + 15} y="101" fill={TEXT} fontSize="22" fontWeight="700" textAnchor="middle" fontFamily="ui-monospace, monospace">
              {ch}
            </text>
          </g>
        );
      })}
      <rect x="190" y="92" width="12" height="3" rx="1.5" fill={MUTED} />
      <text x="200" y="152" fill={MUTED} fontSize="12" textAnchor="middle">
        {t('watchGuide.art.codeHint')}
      </text>
      <text x="200" y="178" fill={`url(#${grad})`} fontSize="18" fontWeight="700" textAnchor="middle">
        ekran.ru/activate
      </text>
      <rect x="150" y="196" width="100" height="4" rx="2" fill={TILE} />
      <rect x="150" y="196" width="62" height="4" rx="2" fill={`url(#${grad})`} />
    </TvSet>
  );
}

/** The remote, its Home button ringed. */
export function RemoteArt() {
  const { t } = useTranslation();
  const id = useId();
  return (
    <svg className="guide-art guide-art--remote" viewBox="0 0 440 300" role="img" aria-labelledby={`${id}-t`}>
      <title id={`${id}-t`}>{t('watchGuide.art.remote')}</title>
      <defs>
        <AccentGradient id={`${id}-g`} />
      </defs>
      <g transform="rotate(-12 220 150)">
        <rect x="170" y="16" width="100" height="272" rx="44" fill={FRAME} />
        <rect x="176" y="22" width="88" height="260" rx="39" fill="#222836" />
        <circle cx="220" cy="52" r="7" fill="#e5484d" />
        {/* D-pad */}
        <circle cx="220" cy="112" r="34" fill={TILE} stroke="#39404f" />
        <circle cx="220" cy="112" r="13" fill="#2d3342" />
        <path d="M220 84 l-5 6 h10 z M220 140 l-5 -6 h10 z M192 112 l6 -5 v10 z M248 112 l-6 -5 v10 z" fill={MUTED} />
        {/* Home, ringed */}
        <circle cx="220" cy="172" r="20" fill="none" stroke={`url(#${id}-g)`} strokeWidth="3.5" />
        <circle cx="220" cy="172" r="14" fill={TILE} />
        <path d="M212 174 l8 -7 8 7 v7 h-5 v-5 h-6 v5 h-5 z" fill={TEXT} />
        <circle cx="196" cy="210" r="8" fill={TILE} />
        <circle cx="244" cy="210" r="8" fill={TILE} />
        <rect x="200" y="232" width="40" height="12" rx="6" fill={TILE} />
        <rect x="200" y="252" width="40" height="12" rx="6" fill={TILE} />
      </g>
      <text x="318" y="156" fill={TEXT} fontSize="16" fontWeight="700">
        Home
      </text>
      <path d="M312 160 C 292 168 276 172 258 172" fill="none" stroke={MUTED} strokeWidth="1.6" strokeDasharray="4 4" />
    </svg>
  );
}

/** A phone on the site's code page: the code typed and the «Подключить» button. */
export function PhoneCodeArt({ code = 'ABCD-EFGH' }: { code?: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <svg className="guide-art" viewBox="0 0 440 300" role="img" aria-labelledby={`${id}-t`}>
      <title id={`${id}-t`}>{t('watchGuide.art.phone')}</title>
      <defs>
        <AccentGradient id={`${id}-g`} />
      </defs>
      <rect x="150" y="8" width="140" height="284" rx="24" fill={FRAME} />
      <rect x="158" y="16" width="124" height="268" rx="18" fill={SCREEN} />
      <rect x="204" y="22" width="32" height="6" rx="3" fill={FRAME} />
      <text x="172" y="60" fill={TEXT} fontSize="13" fontWeight="700">
        {t('brand')}
      </text>
      <rect x="172" y="72" width="96" height="4" rx="2" fill={TILE} />
      <rect x="172" y="82" width="70" height="4" rx="2" fill={TILE} />
      <text x="172" y="114" fill={MUTED} fontSize="9">
        {t('watchGuide.art.enterCode')}
      </text>
      <rect x="172" y="120" width="96" height="34" rx="8" fill={TILE} stroke="#39404f" />
      <text x="220" y="142" fill={TEXT} fontSize="14" fontWeight="700" textAnchor="middle" fontFamily="ui-monospace, monospace">
        {code}
      </text>
      <rect x="172" y="166" width="96" height="32" rx="16" fill={`url(#${id}-g)`} />
      <text x="220" y="186" fill="#fff" fontSize="11" fontWeight="700" textAnchor="middle">
        {t('watchGuide.art.connect')}
      </text>
      <rect x="184" y="216" width="72" height="4" rx="2" fill={TILE} />
      <rect x="194" y="226" width="52" height="4" rx="2" fill={TILE} />
      {/* a tap */}
      <circle cx="244" cy="190" r="10" fill="none" stroke={TEXT} strokeOpacity="0.6" strokeWidth="2" />
      <circle cx="244" cy="190" r="4" fill={TEXT} fillOpacity="0.8" />
    </svg>
  );
}

/** A plain TV outline for a device card (a TV in the room, nothing on screen). */
export function TvIcon({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 48 40" aria-hidden="true">
      <rect x="2" y="2" width="44" height="28" rx="4" fill="none" stroke="currentColor" strokeWidth="2.5" />
      <path d="M16 38 h16 M24 30 v8" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

/** A phone outline. */
export function PhoneIcon({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 48 40" aria-hidden="true">
      <rect x="14" y="2" width="20" height="36" rx="4" fill="none" stroke="currentColor" strokeWidth="2.5" />
      <path d="M21 33 h6" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

/** A laptop outline. */
export function LaptopIcon({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 48 40" aria-hidden="true">
      <rect x="8" y="6" width="32" height="22" rx="3" fill="none" stroke="currentColor" strokeWidth="2.5" />
      <path d="M3 34 h42" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

/** A streaming box with its remote. */
export function BoxIcon({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 48 40" aria-hidden="true">
      <rect x="4" y="20" width="28" height="12" rx="3" fill="none" stroke="currentColor" strokeWidth="2.5" />
      <rect x="36" y="8" width="8" height="26" rx="4" fill="none" stroke="currentColor" strokeWidth="2.5" />
      <circle cx="40" cy="15" r="1.8" fill="currentColor" />
    </svg>
  );
}
