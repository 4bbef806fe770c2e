// deploy/nginx/media.conf run for real by tests (decision 016): the committed file with its port, root and secret
// file swapped, in a nginx of its own (no daemon, a temporary prefix). Tests skip where nginx is not installed.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fromRoot } from '../lib/paths.ts';

export const NGINX = process.env.NGINX_PATH || 'nginx';
/** Whether nginx can run here (.ci/run installs nginx-light). */
export const hasNginx = spawnSync(NGINX, ['-v']).status === 0;

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

/** A running nginx of deploy/nginx/media.conf over media/demo with `secret`: its base URL and how to stop it. */
export async function startMediaNginx(secret: string): Promise<{ base: string; stop: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ekran-nginx-'));
  const port = await freePort();
  const secretFile = path.join(dir, 'secret.conf');
  writeFileSync(secretFile, `set $ekran_media_secret "${secret}";\n`);
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
  const nginx: ChildProcess = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited: ${readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
    if (await fetch(`${base}/`).then(() => true, () => false)) break;
    if (i >= 100) throw new Error('nginx did not answer within 5 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    base,
    async stop() {
      if (nginx.exitCode === null) {
        const exited = new Promise((r) => nginx.once('exit', r));
        nginx.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
