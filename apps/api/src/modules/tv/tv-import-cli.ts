// `npm run tv:import -- <file or URL>`: imports an XMLTV guide; `--demo` generates and imports the demo
// guide (two weeks back, a week ahead). Prints what was imported and the problems (unknown channels, bad times).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { openDatabase, resolvePaths } from '../../bootstrap.ts';
import { apiListening } from '../../lib/api-listening.ts';
import { loadEnv, type Env } from '../../env.ts';
import { repoRoot } from '../../lib/paths.ts';
import { importDemoGuide } from './tv-guide.service.ts';
import { importXmltv, readXmltvSource, type TvImportResult } from './tv-import.ts';
import { ARCHIVE_AVAILABILITY_DAYS, TV_GUIDE_DAYS, DAY_MS } from '@ekran/core';

const USAGE = `Usage: npm run tv:import -- <file.xml | file.xml.gz | https://…/guide.xml>
       npm run tv:import -- --demo

Imports an XMLTV programme guide: programmes of the channels whose XMLTV id is known replace the guide over
the file's time range (per channel); unknown channels and bad entries are reported. --demo generates the demo
guide from the catalogue (${ARCHIVE_AVAILABILITY_DAYS} days back, ${TV_GUIDE_DAYS.ahead} ahead) and imports it.
`;
const SHOWN_PROBLEMS = 20;
const out = (line: string) => process.stdout.write(`${line}\n`);
const err = (line: string) => process.stderr.write(`tv:import: ${line}\n`);


function report(result: TvImportResult): void {
  out(`Imported ${result.programmes} programmes on ${result.channels} channels (${result.linked} are films and series of the catalogue, recorded into the archive); import ${result.importId}.`);
  if (result.problems.length) {
    out(`${result.problems.length} problems:`);
    for (const p of result.problems.slice(0, SHOWN_PROBLEMS)) out(`  ${p}`);
    if (result.problems.length > SHOWN_PROBLEMS) out(`  … and ${result.problems.length - SHOWN_PROBLEMS} more (tv_imports.problems)`);
  }
}

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  if (args.length !== 1 || args[0] === '--help' || args[0] === '-h') {
    (args[0] === '--help' || args[0] === '-h' ? process.stdout : process.stderr).write(USAGE);
    return args.length === 1 ? 0 : 2;
  }
  const arg = args[0]!;
  // npm runs scripts from the repository root; a path is taken relative to where the command was typed.
  const source = arg === '--demo' || /^https?:\/\//i.test(arg) ? arg : path.resolve(process.env.INIT_CWD ?? process.cwd(), arg);
  const dotEnv = path.join(repoRoot(), '.env');
  if (existsSync(dotEnv)) process.loadEnvFile(dotEnv);
  let env: Env;
  try {
    env = resolvePaths(loadEnv());
  } catch (e) {
    err((e as Error).message);
    return 1;
  }
  if (!env.DATABASE_URL && (await apiListening(env))) {
    err(`an API answers on ${env.API_HOST}:${env.API_PORT}, and the embedded database (${env.PGLITE_DIR}) takes one process at a time: stop the API first, or use DATABASE_URL`);
    return 1;
  }
  let text: string | null = null;
  if (source !== '--demo') {
    try {
      text = await readXmltvSource(source);
    } catch (e) {
      err(`cannot read ${source}: ${(e as Error).message}`);
      return 1;
    }
  }
  const database = await openDatabase(env);
  try {
    const now = new Date();
    const result = text === null
      ? await importDemoGuide(database.db, { from: new Date(now.getTime() - ARCHIVE_AVAILABILITY_DAYS * DAY_MS), to: new Date(now.getTime() + TV_GUIDE_DAYS.ahead * DAY_MS) })
      : await importXmltv(database.db, text, { source });
    report(result);
    return 0;
  } catch (e) {
    err(`import failed: ${(e as Error).message}`);
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
