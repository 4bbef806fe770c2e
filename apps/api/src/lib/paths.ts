import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MediaManifestEntry } from '@ekran/db/seed';

/** The repository root (where the root package.json with workspaces is); relative settings resolve from here. */
export function repoRoot(start = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = start;
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).workspaces) return dir;
    const up = path.dirname(dir);
    if (up === dir) return process.cwd();
    dir = up;
  }
}

/** Resolves a setting's path against the repository root unless it is absolute. */
export const fromRoot = (p: string) => (path.isAbsolute(p) ? p : path.join(repoRoot(), p));

/** The demo media manifest (media/demo/manifest.json). */
export function readMediaManifest(mediaDir: string): MediaManifestEntry[] {
  return JSON.parse(readFileSync(path.join(mediaDir, 'manifest.json'), 'utf8')) as MediaManifestEntry[];
}
