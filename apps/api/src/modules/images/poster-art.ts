import type { Orientation } from './poster-url.ts';
import { ART_SIZE } from './poster-url.ts';
import { seededRandom } from '../../lib/seeded-random.ts';

export const PATTERNS = ['rays', 'circles', 'stripes', 'grid', 'waves', 'peaks'] as const;
export type Pattern = (typeof PATTERNS)[number];

const hsl = (h: number, s: number, l: number, a = 1) => `hsla(${Math.round(h) % 360}, ${s}%, ${l}%, ${a})`;

/** Abstract cinematic poster art as SVG: a two-hue gradient, a pattern, light and a vignette. */
export function posterSvg(art: { hue: number; hue2: number; pattern: Pattern; seed: number }, orientation: Orientation): string {
  const { width: w, height: h } = ART_SIZE[orientation];
  // The same parameters always draw the same art.
  const rnd = seededRandom(art.seed * 31 + (orientation === 'vertical' ? 7 : 3));
  const shapes: string[] = [];
  const c1 = art.hue;
  const c2 = art.hue2;
  switch (art.pattern) {
    case 'rays': {
      const cx = w * (0.2 + rnd() * 0.6);
      const cy = h * (0.15 + rnd() * 0.4);
      for (let i = 0; i < 18; i++) {
        const a1 = (i / 18) * Math.PI * 2 + rnd() * 0.1;
        const a2 = a1 + 0.06 + rnd() * 0.08;
        const r = Math.max(w, h) * 1.5;
        shapes.push(`<path d="M${cx},${cy} L${cx + Math.cos(a1) * r},${cy + Math.sin(a1) * r} L${cx + Math.cos(a2) * r},${cy + Math.sin(a2) * r} Z" fill="${hsl(c2, 80, 70, 0.08 + rnd() * 0.1)}"/>`);
      }
      shapes.push(`<circle cx="${cx}" cy="${cy}" r="${Math.min(w, h) * 0.12}" fill="${hsl(c2, 90, 75, 0.55)}" filter="url(#blur)"/>`);
      break;
    }
    case 'circles':
      for (let i = 0; i < 9; i++) {
        const r = Math.min(w, h) * (0.08 + rnd() * 0.35);
        shapes.push(`<circle cx="${rnd() * w}" cy="${rnd() * h}" r="${r}" fill="none" stroke="${hsl(i % 2 ? c1 : c2, 75, 65, 0.25 + rnd() * 0.3)}" stroke-width="${2 + rnd() * 10}"/>`);
      }
      shapes.push(`<circle cx="${w * (0.3 + rnd() * 0.4)}" cy="${h * (0.3 + rnd() * 0.3)}" r="${Math.min(w, h) * 0.22}" fill="${hsl(c2, 85, 60, 0.35)}" filter="url(#blur)"/>`);
      break;
    case 'stripes': {
      const angle = -20 + rnd() * 40;
      let x = -w;
      while (x < w * 2) {
        const sw = 10 + rnd() * 70;
        shapes.push(`<rect x="${x}" y="${-h}" width="${sw}" height="${h * 3}" fill="${hsl(rnd() > 0.5 ? c1 : c2, 70, 55 + rnd() * 20, 0.12 + rnd() * 0.2)}" transform="rotate(${angle} ${w / 2} ${h / 2})"/>`);
        x += sw + 20 + rnd() * 90;
      }
      break;
    }
    case 'grid': {
      const cell = Math.min(w, h) / (5 + Math.floor(rnd() * 4));
      for (let y = 0; y < h; y += cell) {
        for (let x = 0; x < w; x += cell) {
          if (rnd() < 0.35) shapes.push(`<rect x="${x + 4}" y="${y + 4}" width="${cell - 8}" height="${cell - 8}" rx="${cell * 0.12}" fill="${hsl(rnd() > 0.5 ? c1 : c2, 70, 60, 0.1 + rnd() * 0.35)}"/>`);
        }
      }
      break;
    }
    case 'waves':
      for (let i = 0; i < 7; i++) {
        const y0 = h * (0.35 + i * 0.1);
        const amp = h * (0.03 + rnd() * 0.06);
        const len = w / (1 + Math.floor(rnd() * 3));
        let d = `M0,${y0}`;
        for (let x = 0; x <= w + len; x += len / 2) d += ` Q${x + len / 4},${y0 + (((x / (len / 2)) | 0) % 2 ? amp : -amp)} ${x + len / 2},${y0}`;
        d += ` L${w},${h} L0,${h} Z`;
        shapes.push(`<path d="${d}" fill="${hsl(i % 2 ? c1 : c2, 65, 30 + i * 6, 0.35)}"/>`);
      }
      break;
    case 'peaks':
      for (let layer = 0; layer < 4; layer++) {
        const base = h * (0.55 + layer * 0.12);
        let d = `M0,${h} L0,${base}`;
        for (let x = 0; x <= w; x += w / 6) d += ` L${x + rnd() * (w / 8)},${base - rnd() * h * 0.3}`;
        d += ` L${w},${base} L${w},${h} Z`;
        shapes.push(`<path d="${d}" fill="${hsl(layer % 2 ? c1 : c2, 45, 12 + layer * 7, 0.9)}"/>`);
      }
      shapes.push(`<circle cx="${w * (0.2 + rnd() * 0.6)}" cy="${h * 0.3}" r="${Math.min(w, h) * 0.09}" fill="${hsl(c2, 90, 80, 0.8)}" filter="url(#blur)"/>`);
      break;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(c1, 55, 28)}"/><stop offset="1" stop-color="${hsl(c2, 60, 12)}"/></linearGradient>
<radialGradient id="vignette" cx="0.5" cy="0.45" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.65"/></radialGradient>
<filter id="blur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${Math.min(w, h) * 0.04}"/></filter>
</defs>
<rect width="${w}" height="${h}" fill="url(#bg)"/>
${shapes.join('\n')}
<rect width="${w}" height="${h}" fill="url(#vignette)"/>
</svg>`;
}
