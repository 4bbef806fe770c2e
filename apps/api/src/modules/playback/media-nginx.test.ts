// deploy/nginx/media.conf, run for real: nginx checks the API's path-prefix grants with secure_link and
// serves media/demo. Skipped (with the reason in its name) where nginx is not installed; .ci/run installs it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromRoot } from '../../lib/paths.ts';
import { signMediaPrefix } from './media-token.ts';

const NGINX = process.env.NGINX_PATH || 'nginx';
const hasNginx = spawnSync(NGINX, ['-v']).status === 0;
const SECRET = 'nginx-test-secret-0123456789-abcdefghijklmnop';
const SID = '6f1c1f43-92f6-4c3b-9a8e-2d7f5e0a1b2c';

let dir: string;
let nginx: ChildProcess | null = null;
let base: string;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The committed config with its port, root and secret file swapped; fails if any of them moved. */
function testConfig(port: number, secretFile: string): string {
  const original = readFileSync(fromRoot('deploy/nginx/media.conf'), 'utf8');
  const swaps: [string, string][] = [
    ['listen 80;', `listen 127.0.0.1:${port};`],
    ['root /srv/ekran/media;', `root ${fromRoot('media/demo')};`],
    ['include /etc/nginx/ekran-media-secret.conf;', `include ${secretFile};`],
  ];
  let conf = original;
  for (const [from, to] of swaps) {
    if (!conf.includes(from)) throw new Error(`deploy/nginx/media.conf no longer has "${from}"; update this test`);
    conf = conf.replace(from, to);
  }
  return conf;
}

async function waitForPort(port: number) {
  for (let i = 0; i < 100; i++) {
    if (nginx?.exitCode !== null) throw new Error(`nginx exited: ${readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
    const up = await fetch(`http://127.0.0.1:${port}/`).then(() => true, () => false);
    if (up) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('nginx did not answer within 5 s');
}

const grant = (slug = 'aurora', seconds = 600) =>
  `${base}${signMediaPrefix(SECRET, '', { slug, sid: SID, expiresAt: new Date(Date.now() + seconds * 1000) })}`;

describe.skipIf(!hasNginx)(`deploy/nginx/media.conf under nginx${hasNginx ? '' : ' (skipped: nginx is not installed; apt-get install nginx-light)'}`, () => {
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'ekran-nginx-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const secretFile = path.join(dir, 'secret.conf');
    writeFileSync(secretFile, `set $ekran_media_secret "${SECRET}";\n`);
    writeFileSync(path.join(dir, 'media.conf'), testConfig(port, secretFile));
    writeFileSync(
      path.join(dir, 'nginx.conf'),
      [
        'daemon off;', 'master_process off;', 'worker_processes 1;', `pid ${dir}/nginx.pid;`, `error_log ${dir}/error.log warn;`,
        'events { worker_connections 64; }',
        'http {',
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((p) => `  ${p}_temp_path ${dir}/${p};`),
        `  include ${dir}/media.conf;`,
        '}',
      ].join('\n'),
    );
    const check = spawnSync(NGINX, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`nginx -t: ${check.stderr}`);
    nginx = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'ignore' });
    await waitForPort(port);
  });

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((r) => nginx!.once('exit', r));
      nginx.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the master playlist, segments with byte ranges, subtitles and sprites under a signed prefix', async () => {
    const prefix = grant();
    const master = await fetch(`${prefix}master.m3u8`);
    expect(master.status).toBe(200);
    expect(master.headers.get('content-type')).toMatch(/^application\/vnd\.apple\.mpegurl/);
    expect(master.headers.get('cache-control')).toBe('public, max-age=60');
    expect(await master.text()).toBe(readFileSync(fromRoot('media/demo/aurora/master.m3u8'), 'utf8'));

    const segment = await fetch(`${prefix}720p/seg_001.m4s`);
    expect(segment.status).toBe(200);
    expect(segment.headers.get('content-type')).toBe('video/iso.segment');
    expect(segment.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const whole = Buffer.from(await segment.arrayBuffer());
    const ranged = await fetch(`${prefix}720p/seg_001.m4s`, { headers: { range: 'bytes=100-199' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(whole.subarray(100, 200));

    const subs = await fetch(`${prefix}subs-ru/seg_000.vtt`);
    expect(subs.status).toBe(200);
    expect(subs.headers.get('content-type')).toMatch(/^text\/vtt/);
    const sprite = await fetch(`${prefix}thumbs/sprite-0.jpg`);
    expect(sprite.status).toBe(200);
    expect(sprite.headers.get('content-type')).toBe('image/jpeg');
  });

  it.each([
    ['a tampered signature', () => grant().replace(/\/([A-Za-z0-9_-])([A-Za-z0-9_-]{21})\/aurora\//, (_, c: string, rest: string) => `/${c === 'A' ? 'B' : 'A'}${rest}/aurora/`)],
    ['the signature of another asset', () => grant().replace('/aurora/', '/meadow/')],
    ['an expired grant', () => grant('aurora', -5)],
    ['a later expiry with the old signature', () => grant().replace(/\/s\/(\d+)\//, (_, exp: string) => `/s/${Number(exp) + 3600}/`)],
  ])('refuses %s with 403', async (_, url) => {
    expect((await fetch(`${url()}master.m3u8`)).status).toBe(403);
  });

  it.each([
    ['a parent folder', '..%2F..%2Fmanifest.json'],
    ['a file type outside the media layout', 'manifest.json'],
    ['a dot file', '.staging/master.m3u8'],
    ['a missing file', '720p/seg_999.m4s'],
  ])('does not serve %s', async (_, rest) => {
    const res = await fetch(`${grant()}${rest}`);
    expect([403, 404]).toContain(res.status);
  });

  it('serves nothing outside granted paths', async () => {
    expect((await fetch(`${base}/aurora/master.m3u8`)).status).toBe(404);
  });
});
