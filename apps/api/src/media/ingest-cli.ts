// `npm run media:ingest -- <file> --title <alias> …`: see USAGE in ingest-args.ts and README "Media pipeline".
import { existsSync } from 'node:fs';
import path from 'node:path';
import { openDatabase, resolvePaths } from '../bootstrap.ts';
import { apiListening } from '../lib/api-listening.ts';
import { loadEnv } from '../env.ts';
import { repoRoot } from '../lib/paths.ts';
import { ToolError } from './ffmpeg.ts';
import { ingest, packageInto } from './ingest.ts';
import { parseIngestArgs, UsageError, USAGE } from './ingest-args.ts';
import { InputError } from './package.ts';
import { createMediaStorage } from './storage.ts';

const log = (line: string) => process.stderr.write(`media:ingest: ${line}\n`);


async function main(): Promise<number> {
  let args;
  try {
    args = parseIngestArgs(process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`media:ingest: ${err.message}\n\n${USAGE}`);
    return 2;
  }
  if (args === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  // npm runs workspace scripts from the repository root; paths given relative to where the command was typed.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const abs = (p: string) => path.resolve(cwd, p);
  args = {
    ...args,
    source: abs(args.source),
    outDir: args.outDir === null ? null : abs(args.outDir),
    audio: args.audio.map((a) => (a.source.kind === 'file' ? { ...a, source: { kind: 'file' as const, path: abs(a.source.path) } } : a)),
    subtitles: args.subtitles.map((s) => ({ ...s, path: abs(s.path) })),
  };

  try {
    if (args.outDir !== null) {
      await packageInto({ ...args, outDir: args.outDir }, log);
      return 0;
    }
    const dotEnv = path.join(repoRoot(), '.env');
    if (existsSync(dotEnv)) process.loadEnvFile(dotEnv);
    const env = resolvePaths(loadEnv());
    if (!env.DATABASE_URL && (await apiListening(env))) {
      log(`an API answers on ${env.API_HOST}:${env.API_PORT}, and the embedded database (${env.PGLITE_DIR}) takes one process at a time: stop the API first, or use DATABASE_URL`);
      return 1;
    }
    const database = await openDatabase(env);
    try {
      await ingest({ ...args, target: args.target! }, { db: database.db, storage: createMediaStorage(env), now: () => new Date(), log });
    } finally {
      await database.close();
    }
    return 0;
  } catch (err) {
    if (err instanceof InputError || err instanceof ToolError) {
      log(err.message);
      return 1;
    }
    if (err instanceof Error && err.message.startsWith('Invalid API settings')) {
      log(err.message);
      return 1;
    }
    throw err;
  }
}

process.exitCode = await main();
