import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Test files that change what the next file in the same worker would see: module mocks, reloaded modules, stubbed
 * settings or globals, fake timers. Read from the files themselves, so a new test that does so is isolated too.
 * A file that reads a process-wide cache another file may have filled (the header menu's, apps/web
 * lib/menu.server.ts) says so with a `// vitest-isolate: why` line.
 */
const CHANGES_SHARED_STATE = /\bvi\.(mock|doMock|resetModules|stubEnv|stubGlobal|useFakeTimers)\(|^\/\/ vitest-isolate:/m;

/** The test files under `root` (matching `pattern`, relative and with forward slashes) that need a fresh worker. */
export function filesNeedingIsolation(root: string, pattern: RegExp): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => pattern.test(file) && !file.includes('node_modules/'))
    .filter((file) => CHANGES_SHARED_STATE.test(readFileSync(path.join(root, file), 'utf8')));
}
