// The command as a person types it: exit codes and messages (the work itself: ingest.test.ts).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromRoot } from '../lib/paths.ts';

const cli = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', fromRoot('apps/api/src/media/ingest-cli.ts'), ...args], { encoding: 'utf8', cwd: fromRoot('.'), timeout: 60_000 });

describe('npm run media:ingest', () => {
  it('prints the usage for --help', () => {
    const run = cli('--help');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Usage: npm run media:ingest -- <source file> --title <alias>');
  });

  it('exits 2 with the problem and the usage on a wrong command line', () => {
    const run = cli('film.mov');
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^media:ingest: --title <alias> is required/);
    expect(run.stderr).toContain('Usage:');
  });

  it('exits 1 naming a missing source, writing nothing', () => {
    const out = mkdtempSync(path.join(tmpdir(), 'ekran-cli-'));
    try {
      const run = cli(path.join(out, 'missing.mov'), '--out', out, '--slug', 'clip');
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`media:ingest: the source file not found: ${path.join(out, 'missing.mov')}`);
      expect(spawnSync('ls', ['-A', out], { encoding: 'utf8' }).stdout).toBe('');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
