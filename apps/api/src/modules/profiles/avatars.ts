import { ADULT_AVATARS, ApiPath, CHILD_AVATARS, type Avatar, type AvatarId } from '@ekran/contracts';

// The fixed set of avatars, drawn here as SVG: adult ones are a silhouette over a pattern, child ones are
// animal faces, so a child profile is recognisable at a glance. Served by GET /api/v1/avatars/{id}.svg.

const SIZE = 120;

const svg = (id: string, defs: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}" role="img" aria-label="${id}">` +
  `<defs>${defs}</defs>${body}</svg>`;

const gradient = (id: string, from: string, to: string) =>
  `<linearGradient id="g-${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;

// ---------------------------------------------------------------- adult: a pattern and a silhouette

const PATTERNS: Record<string, string> = {
  rings: [18, 34, 50, 66].map((r) => `<circle cx="96" cy="22" r="${r}" fill="none" stroke="#fff" stroke-opacity="0.14" stroke-width="6"/>`).join(''),
  stripes: Array.from({ length: 8 }, (_, i) => `<path d="M${i * 22 - 40} 120 L${i * 22 + 40} 0" stroke="#fff" stroke-opacity="0.12" stroke-width="8"/>`).join(''),
  dots: Array.from({ length: 36 }, (_, i) => `<circle cx="${(i % 6) * 22 + 6}" cy="${Math.floor(i / 6) * 22 + 6}" r="3.5" fill="#fff" fill-opacity="0.16"/>`).join(''),
  waves: [20, 44, 68, 92].map((y) => `<path d="M-10 ${y} q20 -14 40 0 t40 0 t40 0 t40 0" fill="none" stroke="#fff" stroke-opacity="0.15" stroke-width="5"/>`).join(''),
  triangles: [0, 1, 2, 3].map((i) => `<path d="M${i * 36 - 10} 0 l36 0 l-18 30 z" fill="#fff" fill-opacity="${0.08 + i * 0.03}"/>`).join(''),
  rays: Array.from({ length: 12 }, (_, i) => `<path d="M0 0 L${Math.round(170 * Math.cos((i * Math.PI) / 22))} ${Math.round(170 * Math.sin((i * Math.PI) / 22))}" stroke="#fff" stroke-opacity="0.1" stroke-width="5"/>`).join(''),
  bubbles: [[20, 26, 14], [96, 18, 10], [104, 70, 18], [14, 88, 9], [64, 12, 6]].map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" fill-opacity="0.14"/>`).join(''),
  grid: Array.from({ length: 6 }, (_, i) => `<path d="M${i * 24} 0 V120 M0 ${i * 24} H120" stroke="#fff" stroke-opacity="0.1" stroke-width="2"/>`).join(''),
};

const ADULT_ART: Record<(typeof ADULT_AVATARS)[number], { from: string; to: string; pattern: keyof typeof PATTERNS }> = {
  a1: { from: '#ff6a3d', to: '#ff2d6f', pattern: 'rings' },
  a2: { from: '#4f7cff', to: '#7a3cff', pattern: 'stripes' },
  a3: { from: '#17b890', to: '#0b7a75', pattern: 'dots' },
  a4: { from: '#f7b733', to: '#fc4a1a', pattern: 'waves' },
  a5: { from: '#8e2de2', to: '#d4418e', pattern: 'triangles' },
  a6: { from: '#00b4db', to: '#0083b0', pattern: 'rays' },
  a7: { from: '#5b6478', to: '#2b3040', pattern: 'bubbles' },
  a8: { from: '#e55d87', to: '#5fc3e4', pattern: 'grid' },
};

function adultSvg(id: (typeof ADULT_AVATARS)[number]): string {
  const art = ADULT_ART[id];
  return svg(
    id,
    gradient(id, art.from, art.to),
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#g-${id})"/>${PATTERNS[art.pattern]}` +
      `<circle cx="60" cy="50" r="21" fill="#fff" fill-opacity="0.92"/>` +
      `<path d="M22 120 C24 92 40 80 60 80 C80 80 96 92 98 120 Z" fill="#fff" fill-opacity="0.92"/>`,
  );
}

// ---------------------------------------------------------------- child: animal faces

const eye = (x: number, y: number, r = 5) => `<circle cx="${x}" cy="${y}" r="${r}" fill="#1d1b22"/><circle cx="${x + r * 0.35}" cy="${y - r * 0.35}" r="${r * 0.35}" fill="#fff"/>`;
const cheeks = (y: number, color = '#ff8fa3') => `<circle cx="36" cy="${y}" r="6" fill="${color}" fill-opacity="0.55"/><circle cx="84" cy="${y}" r="6" fill="${color}" fill-opacity="0.55"/>`;
const smile = (y: number) => `<path d="M52 ${y} q8 7 16 0" fill="none" stroke="#1d1b22" stroke-width="3" stroke-linecap="round"/>`;

const CHILD_ART: Record<(typeof CHILD_AVATARS)[number], { bg: string; face: string }> = {
  // fox
  k1: {
    bg: '#ffe29a',
    face:
      `<path d="M22 30 L44 52 L30 62 Z M98 30 L76 52 L90 62 Z" fill="#f26b1d"/>` +
      `<path d="M20 56 C20 40 40 34 60 34 C80 34 100 40 100 56 C100 80 80 100 60 104 C40 100 20 80 20 56 Z" fill="#f5821f"/>` +
      `<path d="M26 66 C40 70 50 80 60 104 C70 80 80 70 94 66 C90 90 76 102 60 104 C44 102 30 90 26 66 Z" fill="#fff4e6"/>` +
      `${eye(46, 62)}${eye(74, 62)}<ellipse cx="60" cy="84" rx="6" ry="4.5" fill="#1d1b22"/>`,
  },
  // bear
  k2: {
    bg: '#bde0fe',
    face:
      `<circle cx="32" cy="36" r="14" fill="#8d5a3b"/><circle cx="88" cy="36" r="14" fill="#8d5a3b"/><circle cx="32" cy="36" r="7" fill="#d9a27a"/><circle cx="88" cy="36" r="7" fill="#d9a27a"/>` +
      `<circle cx="60" cy="64" r="40" fill="#9c6644"/><ellipse cx="60" cy="80" rx="20" ry="15" fill="#e6c1a1"/>` +
      `${eye(45, 58)}${eye(75, 58)}<ellipse cx="60" cy="74" rx="7" ry="5" fill="#1d1b22"/>${smile(83)}`,
  },
  // cat
  k3: {
    bg: '#caffbf',
    face:
      `<path d="M24 22 L48 42 L26 60 Z M96 22 L72 42 L94 60 Z" fill="#7d8597"/><path d="M29 32 L42 43 L30 52 Z M91 32 L78 43 L90 52 Z" fill="#ffb4c2"/>` +
      `<ellipse cx="60" cy="66" rx="38" ry="34" fill="#979dac"/>` +
      `${eye(46, 62)}${eye(74, 62)}<path d="M55 74 h10 l-5 6 z" fill="#ff7b9c"/>${smile(82)}` +
      `<path d="M18 72 H40 M18 80 L40 78 M102 72 H80 M102 80 L80 78" stroke="#3c4050" stroke-width="2" stroke-linecap="round"/>`,
  },
  // panda
  k4: {
    bg: '#ffc8dd',
    face:
      `<circle cx="30" cy="34" r="14" fill="#1d1b22"/><circle cx="90" cy="34" r="14" fill="#1d1b22"/>` +
      `<circle cx="60" cy="64" r="40" fill="#fff"/>` +
      `<ellipse cx="44" cy="60" rx="11" ry="14" transform="rotate(-25 44 60)" fill="#1d1b22"/><ellipse cx="76" cy="60" rx="11" ry="14" transform="rotate(25 76 60)" fill="#1d1b22"/>` +
      `<circle cx="45" cy="59" r="4.5" fill="#fff"/><circle cx="75" cy="59" r="4.5" fill="#fff"/><ellipse cx="60" cy="76" rx="6" ry="4.5" fill="#1d1b22"/>${smile(84)}${cheeks(80)}`,
  },
  // frog
  k5: {
    bg: '#a0c4ff',
    face:
      `<circle cx="38" cy="40" r="16" fill="#52b788"/><circle cx="82" cy="40" r="16" fill="#52b788"/>` +
      `<ellipse cx="60" cy="72" rx="46" ry="34" fill="#52b788"/>` +
      `<circle cx="38" cy="40" r="10" fill="#fff"/><circle cx="82" cy="40" r="10" fill="#fff"/>${eye(38, 41, 5)}${eye(82, 41, 5)}` +
      `<path d="M36 80 q24 18 48 0" fill="none" stroke="#1b4332" stroke-width="4" stroke-linecap="round"/>${cheeks(74, '#ff8fa3')}`,
  },
  // rabbit
  k6: {
    bg: '#cdb4db',
    face:
      `<ellipse cx="44" cy="28" rx="10" ry="26" fill="#f1f1f6"/><ellipse cx="76" cy="28" rx="10" ry="26" fill="#f1f1f6"/>` +
      `<ellipse cx="44" cy="30" rx="5" ry="18" fill="#ffb4c2"/><ellipse cx="76" cy="30" rx="5" ry="18" fill="#ffb4c2"/>` +
      `<circle cx="60" cy="74" r="34" fill="#f8f8fc"/>` +
      `${eye(47, 70)}${eye(73, 70)}<path d="M55 80 h10 l-5 5 z" fill="#ff7b9c"/><path d="M60 85 v6 M60 91 q-5 4 -9 0 M60 91 q5 4 9 0" fill="none" stroke="#1d1b22" stroke-width="2.5" stroke-linecap="round"/>${cheeks(84)}`,
  },
  // owl
  k7: {
    bg: '#fde4cf',
    face:
      `<path d="M26 30 L42 40 L30 50 Z M94 30 L78 40 L90 50 Z" fill="#7f5539"/>` +
      `<ellipse cx="60" cy="68" rx="38" ry="40" fill="#9c6644"/><ellipse cx="60" cy="84" rx="22" ry="20" fill="#ede0d4"/>` +
      `<circle cx="44" cy="58" r="14" fill="#fff"/><circle cx="76" cy="58" r="14" fill="#fff"/>${eye(44, 58, 7)}${eye(76, 58, 7)}` +
      `<path d="M54 68 L66 68 L60 78 Z" fill="#f4a261"/>`,
  },
  // penguin
  k8: {
    bg: '#9bf6ff',
    face:
      `<ellipse cx="60" cy="66" rx="40" ry="42" fill="#22223b"/>` +
      `<path d="M60 50 C44 36 26 48 30 70 C34 92 48 102 60 102 C72 102 86 92 90 70 C94 48 76 36 60 50 Z" fill="#fff"/>` +
      `${eye(48, 64)}${eye(72, 64)}<path d="M52 74 L68 74 L60 84 Z" fill="#ff9f1c"/>${cheeks(80)}`,
  },
};

function childSvg(id: (typeof CHILD_AVATARS)[number]): string {
  const art = CHILD_ART[id];
  return svg(id, '', `<rect width="${SIZE}" height="${SIZE}" fill="${art.bg}"/>${art.face}`);
}

const isChildAvatar = (id: AvatarId): id is (typeof CHILD_AVATARS)[number] => (CHILD_AVATARS as readonly string[]).includes(id);

/** The SVG of an avatar. */
export const avatarSvg = (id: AvatarId): string => (isChildAvatar(id) ? childSvg(id) : adultSvg(id));

/** An avatar as the API lists it. */
export const toAvatar = (id: AvatarId): Avatar => ({ id, url: ApiPath.avatar(id), child: isChildAvatar(id) });

/** Every avatar, adult ones first. */
export const ALL_AVATARS: Avatar[] = [...ADULT_AVATARS, ...CHILD_AVATARS].map(toAvatar);

/** Whether an avatar suits a profile: child avatars for child profiles, adult ones for adults. */
export const avatarFits = (id: AvatarId, child: boolean): boolean => isChildAvatar(id) === child;

/** The avatar a new profile gets when none is chosen: the next one of its kind, by how many profiles exist. */
export function defaultAvatar(child: boolean, existing: number): AvatarId {
  const set = child ? CHILD_AVATARS : ADULT_AVATARS;
  return set[existing % set.length]!;
}
