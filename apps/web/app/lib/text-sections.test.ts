import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import ru from '../locales/ru.json';
import { DYNAMIC_TEXT_SECTIONS, textSectionsOf } from './text-sections.ts';

// The browser's Russian texts come with the modules that name them (vite.config.ts imports, for each module, the
// sections textSectionsOf finds in it), so a page never shows a raw key when every key its modules translate is
// named in the module that translates it, by a literal or in DYNAMIC_TEXT_SECTIONS, and exists.
const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SECTIONS = new Set(Object.keys(ru));

/** The modules a browser may run: the site's and the shared rules', without tests and server-only files. */
function clientModules(): string[] {
  const roots = [path.join(WEB, 'app'), path.resolve(WEB, '../../packages/core/src')];
  const files: string[] = [];
  for (const root of roots) {
    for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
      const file = path.join(entry.parentPath, entry.name);
      if (!entry.isFile() || !/\.tsx?$/.test(file) || /\.(test|server)\.tsx?$/.test(file) || file.includes(`${path.sep}app${path.sep}test${path.sep}`)) continue;
      files.push(file);
    }
  }
  return files;
}

const relative = (file: string) => path.relative(WEB, file).split(path.sep).join('/');

/** A key's text, or a plural's forms (key_one, key_few, …). */
function lookup(key: string): unknown {
  const parts = key.split('.');
  const last = parts.pop()!;
  let node: unknown = ru;
  for (const part of parts) node = (node as Record<string, unknown> | undefined)?.[part];
  const parent = node as Record<string, unknown> | undefined;
  return parent?.[last] ?? parent?.[`${last}_other`];
}

interface Call {
  file: string;
  /** The keys the call names: its literal, or the literals of a conditional (`a ? 'x.y' : 'x.z'`). */
  keys: string[];
}

/** The first argument of a call that starts at `from`: up to the comma or parenthesis that closes it. */
function firstArgument(source: string, from: number): string {
  let depth = 0;
  let quote: string | null = null;
  for (let i = from; i < source.length; i++) {
    const c = source[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === "'" || c === '"' || c === '`') quote = c;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) {
      if (depth === 0) return source.slice(from, i);
      depth--;
    } else if (c === ',' && depth === 0) return source.slice(from, i);
  }
  return source.slice(from);
}

/** Every translate call of a module (t(…) and <Trans i18nKey="…">) with the keys its argument names. */
function callsOf(file: string, source: string): Call[] {
  const calls: Call[] = [];
  for (const m of source.matchAll(/(?<![\w.$])t\(/g)) {
    const argument = firstArgument(source, m.index + m[0].length);
    const keys = [...argument.matchAll(/(['"])([A-Za-z][\w.-]*)\1|`([A-Za-z][\w.-]*(?:\$\{[^`]*)?)`/g)]
      .map((k) => (k[2] ?? k[3])!)
      .filter((k) => SECTIONS.has(k.split(/[.$]/)[0]!));
    calls.push({ file, keys });
  }
  for (const m of source.matchAll(/i18nKey="([^"]+)"/g)) calls.push({ file, keys: [m[1]!] });
  return calls;
}

const modules = clientModules().map((file) => ({ file, rel: relative(file), source: readFileSync(file, 'utf8') }));
const calls = modules.flatMap(({ file, source }) => callsOf(relative(file), source));

describe('the Russian texts a browser loads with each module', () => {
  it('finds the modules and their translate calls', () => {
    // A guard for the scan itself: the site translates in hundreds of places.
    expect(modules.length).toBeGreaterThan(200);
    expect(calls.filter((c) => c.keys.length > 0).length).toBeGreaterThan(500);
  });

  it('loads, with each module, the section of every key it translates', () => {
    const missing = modules.flatMap(({ rel, source }) => {
      const loaded = new Set([...textSectionsOf(source, SECTIONS), ...(DYNAMIC_TEXT_SECTIONS[rel] ?? [])]);
      return callsOf(rel, source)
        .flatMap((c) => c.keys)
        .filter((key) => !loaded.has(key.split(/[.$]/)[0]!))
        .map((key) => `${rel}: ${key}`);
    });
    expect(missing).toEqual([]);
  });

  it('has a Russian text for every literal key', () => {
    const unknown = calls
      .flatMap((c) => c.keys.map((key) => ({ file: c.file, key })))
      .filter(({ key }) => {
        const stem = key.split('${')[0]!;
        // A template's key is known up to its variable part (`genres.kinds.${kind}`: genres.kinds must exist).
        if (stem !== key) return lookup(stem.replace(/\.?[^.]*$/, '')) === undefined;
        return lookup(key) === undefined;
      })
      .map(({ file, key }) => `${file}: ${key}`);
    expect(unknown).toEqual([]);
  });

  it('declares the sections of every key a module builds from something other than its own literal', () => {
    const dynamic = [...new Set(calls.filter((c) => c.keys.length === 0).map((c) => c.file))].sort();
    expect(dynamic).toEqual(Object.keys(DYNAMIC_TEXT_SECTIONS).sort());
    for (const sections of Object.values(DYNAMIC_TEXT_SECTIONS)) for (const section of sections) expect(SECTIONS).toContain(section);
  });

  it('finds a section named by a key, a template and a section alone, and nothing else', () => {
    const source = "t('profiles.menu.open'); t(`genres.${kind}`); t('brand'); import('./home.tsx'); const s = 'not a key'; t(`${x}.lead`)";
    expect(textSectionsOf(source, SECTIONS)).toEqual(['brand', 'genres', 'profiles']);
  });
});
