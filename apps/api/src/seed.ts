import { ensureTv, openDatabase, resolvePaths, seed } from './bootstrap.ts';
import { loadEnv } from './env.ts';

/** `npm run db:seed`: migrates and (re)applies the deterministic demo seed; safe to run again. */
const env = resolvePaths(loadEnv());
const database = await openDatabase(env);
const result = await seed(env, database, true);
console.log(`Seed applied to ${database.kind}: ${JSON.stringify(result)}`);
await ensureTv(env, database);
await database.close();
