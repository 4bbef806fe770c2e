import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Route } from './+types/bank-logo';
import { notFound } from '../../lib/not-found.ts';

// The banks' logos of card-info, served from our own origin (never hot-linked from another host).
const LOGOS_DIR = path.join(path.dirname(createRequire(import.meta.url).resolve('card-info/package.json')), 'dist', 'banks-logos');
const FILE = /^[a-z0-9-]+\.(svg|png)$/;
const TYPES = { svg: 'image/svg+xml', png: 'image/png' } as const;

export async function loader({ params }: Route.LoaderArgs) {
  const file = params.file ?? '';
  const m = FILE.exec(file);
  if (!m) throw notFound();
  let body: Buffer;
  try {
    body = await readFile(path.join(LOGOS_DIR, file));
  } catch {
    throw notFound();
  }
  return new Response(new Uint8Array(body), {
    headers: {
      'content-type': TYPES[m[1] as keyof typeof TYPES],
      'cache-control': 'public, max-age=604800',
      // An SVG opened by itself must not run anything.
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      'x-content-type-options': 'nosniff',
    },
  });
}
