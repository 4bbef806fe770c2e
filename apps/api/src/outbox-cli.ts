// `npm run outbox [-- --to <address or phone>] [--limit <n>]`: the latest letters and SMS of the local outbox,
// newest first, with their codes. See modules/delivery/outbox-read.ts for where it reads them from.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { resolvePaths } from './bootstrap.ts';
import { loadEnv } from './env.ts';
import { repoRoot } from './lib/paths.ts';
import { formatOutbox, OutboxReadError, readOutbox } from './modules/delivery/outbox-read.ts';

const USAGE = `Usage: npm run outbox [-- --to <address or phone>] [--limit <1-200, default 20>]

Prints the latest messages of the local outbox (MAIL_DELIVERY or SMS_DELIVERY = outbox), newest first.
With DATABASE_URL it reads PostgreSQL; with the embedded database it asks the running API
(API_URL, else API_HOST:API_PORT) and opens the PGlite folder itself only when no API answers.`;

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({ options: { to: { type: 'string' }, limit: { type: 'string', default: '20' }, help: { type: 'boolean', short: 'h' } } }).values;
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  const limit = Number(args.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 200) {
    console.error(`--limit: a whole number from 1 to 200, got "${args.limit}"`);
    return 2;
  }
  const dotEnv = path.join(repoRoot(), '.env');
  if (existsSync(dotEnv)) process.loadEnvFile(dotEnv);
  let env;
  try {
    env = resolvePaths(loadEnv());
  } catch (err) {
    console.error((err as Error).message);
    return 1;
  }
  try {
    const read = await readOutbox(env, { to: args.to, limit });
    process.stdout.write(formatOutbox(read, { to: args.to }));
    return 0;
  } catch (err) {
    if (err instanceof OutboxReadError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
}

process.exitCode = await main();
