import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newestMtime, staleReason } from './build-state.mjs';
import { connectHost, displayHost, parsePort } from './common.mjs';
import { formatLogLine, freePort, isPortFree } from './servers.mjs';

let root;
const touch = (file, seconds) => {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, 'x');
  utimesSync(full, seconds, seconds);
};
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'build-state-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('build freshness', () => {
  const build = { name: 'api', outputs: ['dist/server.js'], sources: ['src', 'build.mjs'] };
  const settle = () => utimesSync(path.join(root, 'src'), 1000, 1000);

  it('wants a build when an output is missing', () => {
    touch('src/a.ts', 1000);
    expect(staleReason(build, root)).toBe('dist/server.js missing');
  });

  it('is current when outputs are newer than every source, stale when a source is newer', () => {
    touch('src/a.ts', 1000);
    touch('build.mjs', 1000);
    touch('dist/server.js', 2000);
    settle();
    expect(staleReason(build, root)).toBeNull();
    touch('src/deep/b.ts', 3000);
    expect(staleReason(build, root)).toMatch(/sources changed/);
  });

  it('skips node_modules, build outputs and tests in the walk', () => {
    touch('src/a.ts', 1000);
    touch('src/node_modules/x.js', 9000);
    touch('src/dist/x.js', 9000);
    touch('src/a.test.ts', 9000);
    for (const dir of ['src/node_modules', 'src/dist', 'src']) utimesSync(path.join(root, dir), 1000, 1000);
    expect(newestMtime([path.join(root, 'src')])).toBe(1_000_000);
  });
});

describe('settings helpers', () => {
  it.each([
    ['3000', 3000],
    [undefined, 4000],
    ['', 4000],
  ])('parsePort(%j) is %d', (value, expected) => {
    expect(parsePort('PORT', value, 4000)).toBe(expected);
  });

  it.each(['0', '70000', 'abc', '3000.5'])('parsePort rejects %j naming the setting', (value) => {
    expect(() => parsePort('API_PORT', value, 4000)).toThrow(/^API_PORT: must be a port number/);
  });

  it('shows wildcard and loopback hosts as localhost, connects to wildcards on the loopback', () => {
    expect(displayHost('0.0.0.0')).toBe('localhost');
    expect(displayHost('127.0.0.1')).toBe('localhost');
    expect(displayHost('192.168.1.5')).toBe('192.168.1.5');
    expect(displayHost('fe80::1')).toBe('[fe80::1]');
    expect(connectHost('0.0.0.0')).toBe('127.0.0.1');
    expect(connectHost('10.0.0.2')).toBe('10.0.0.2');
  });
});

describe('formatLogLine', () => {
  it('makes pino request lines readable and leaves other lines alone', () => {
    const line = JSON.stringify({ level: 30, time: 0, msg: 'request completed', req: { method: 'GET', url: '/api/health/live' }, res: { statusCode: 200 }, responseTime: 1.234 });
    expect(formatLogLine(line)).toMatch(/INFO {2}request completed GET \/api\/health\/live 200 1\.2ms$/);
    expect(formatLogLine('Seeded the demo catalogue: 3 titles')).toBe('Seeded the demo catalogue: 3 titles');
    expect(formatLogLine('{not json')).toBe('{not json');
  });
});

describe('ports', () => {
  it('sees a port in use as busy and picks another one instead', async () => {
    const server = net.createServer();
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address();
    try {
      expect(await isPortFree(port, '127.0.0.1')).toBe(false);
      const other = await freePort(port);
      expect(other).not.toBe(port);
      expect(await isPortFree(other, '127.0.0.1')).toBe(true);
    } finally {
      server.close();
    }
  });
});
