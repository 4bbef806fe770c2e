#!/usr/bin/env node
// `npm run dev`: the API from source with tsx watch, and the web app on the Vite dev server (which
// proxies /api to the API, so the browser still talks to one origin). Ctrl+C stops both.
import { spawn } from 'node:child_process';
import { loadDotEnv, NPM, NPX, ROOT } from './lib/common.mjs';

loadDotEnv();
const apiPort = process.env.API_PORT || '4000';
const webPort = process.env.PORT || '3000';
const env = { ...process.env, API_URL: process.env.API_URL || `http://127.0.0.1:${apiPort}`, WEB_ORIGIN: process.env.WEB_ORIGIN || `http://localhost:${webPort}` };

// Each child leads a process group of its own: npx/npm do not pass signals on to what they run,
// so we signal the whole group (npm, tsx watch and the API it restarts; or npm and Vite).
const start = (command, args) => spawn(command, args, { cwd: ROOT, env, stdio: 'inherit', detached: process.platform !== 'win32' });
const children = [start(NPX, ['tsx', 'watch', 'apps/api/src/server.ts']), start(NPM, ['run', 'dev', '-w', '@ekran/web'])];

const alive = (c) => c.exitCode === null && c.signalCode === null;
const signalGroup = (child, signal) => {
  try {
    if (process.platform === 'win32') child.kill(signal);
    else process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
};

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) signalGroup(child, 'SIGTERM');
  // Whatever still runs after 5 s is killed.
  setTimeout(() => {
    for (const child of children) signalGroup(child, 'SIGKILL');
    process.exit(code);
  }, 5_000).unref();
  void Promise.all(children.map((c) => (alive(c) ? new Promise((resolve) => c.once('exit', resolve)) : null))).then(() => process.exit(code));
}
for (const child of children) {
  child.on('exit', (code) => stopAll(code ?? 0));
  child.on('error', (err) => {
    console.error(err.message);
    stopAll(1);
  });
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopAll(0));

console.log(`dev: site http://localhost:${webPort}  API http://localhost:${apiPort}/api  (Ctrl+C stops both)`);
