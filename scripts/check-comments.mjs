// The comment check of CI (`npm run check:comments`): fails on source comments that narrate issue history
// ("issue N api: …", "(issue N lists)" with a number for N). Git and docs/decisions/ keep the history; a comment says why the code
// is as it is and names spec sections. Scans *.ts, *.tsx, *.mjs and *.css under apps/, packages/, e2e/,
// bench/ and scripts/, and prints every offending line as file:line: text.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The word issue or issues, any case, then a space and a number. */
export const ISSUE_REFERENCE = /\bissues? \d+\b/i;

/**
 * The comments of a source text with the line each starts on. For JS and TS (JSX included) line and block
 * comments outside strings, template literals and regular expressions; for CSS block comments only.
 * @param {string} text
 * @param {{ css?: boolean }} [options]
 * @returns {{ line: number, text: string }[]}
 */
export function extractComments(text, { css = false } = {}) {
  const comments = [];
  let line = 1;
  let i = 0;
  // The last significant character before `/`: decides between a regular expression and a division.
  let previous = '';
  const n = text.length;
  while (i < n) {
    const c = text[i];
    const next = text[i + 1];
    if (c === '\n') {
      line += 1;
      i += 1;
      continue;
    }
    if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? n : end + 2;
      const body = text.slice(i, stop);
      comments.push({ line, text: body });
      line += countNewlines(body);
      i = stop;
      continue;
    }
    if (!css && c === '/' && next === '/') {
      const end = text.indexOf('\n', i);
      const stop = end === -1 ? n : end;
      comments.push({ line, text: text.slice(i, stop) });
      i = stop;
      continue;
    }
    if (c === '"' || c === "'" || (c === '`' && !css)) {
      i = skipString(text, i, c);
      previous = c;
      continue;
    }
    if (!css && c === '/' && startsRegExp(previous)) {
      i = skipRegExp(text, i);
      previous = '/';
      continue;
    }
    if (!/\s/.test(c)) previous = c;
    i += 1;
  }
  return comments;

  /** Skips a string or template literal; quoted strings end at a line end too (JSX text with an apostrophe). */
  function skipString(source, start, quote) {
    let j = start + 1;
    while (j < source.length) {
      const d = source[j];
      if (d === '\\') {
        if (source[j + 1] === '\n') line += 1;
        j += 2;
        continue;
      }
      if (d === '\n') {
        if (quote !== '`') return j;
        line += 1;
      }
      if (d === quote) return j + 1;
      j += 1;
    }
    return j;
  }
}

/** A `/` after one of these (or at the start) opens a regular expression rather than dividing. */
function startsRegExp(previous) {
  return previous === '' || '(,=:[!&|?{};+-*%<>~^'.includes(previous);
}

function skipRegExp(text, start) {
  let j = start + 1;
  let inClass = false;
  while (j < text.length) {
    const d = text[j];
    if (d === '\n') return j;
    if (d === '\\') {
      j += 2;
      continue;
    }
    if (d === '[') inClass = true;
    else if (d === ']') inClass = false;
    else if (d === '/' && !inClass) return j + 1;
    j += 1;
  }
  return j;
}

function countNewlines(s) {
  let count = 0;
  for (const ch of s) if (ch === '\n') count += 1;
  return count;
}

/**
 * The lines of a source text whose comments mention an issue by number.
 * @param {string} text
 * @param {{ css?: boolean }} [options]
 * @returns {{ line: number, text: string }[]}
 */
export function findIssueComments(text, options) {
  const found = [];
  for (const comment of extractComments(text, options)) {
    comment.text.split('\n').forEach((part, offset) => {
      if (ISSUE_REFERENCE.test(part)) found.push({ line: comment.line + offset, text: part.trim() });
    });
  }
  return found;
}

const ROOTS = ['apps', 'packages', 'e2e', 'bench', 'scripts'];
const EXTENSIONS = new Set(['.ts', '.tsx', '.mjs', '.css']);
/** Dependencies, build output, generated types, test artefacts and drizzle's migration metadata. */
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'build', 'dist', 'coverage', '.react-router', 'screenshots', 'results', 'test-results']);
const SKIPPED_PATHS = [path.join('packages', 'db', 'drizzle', 'meta')];

/**
 * The source files the check reads, relative to root, sorted.
 * @param {string} root
 * @returns {string[]}
 */
export function sourceFiles(root) {
  const files = [];
  const walk = (relative) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const child = path.join(relative, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRECTORIES.has(entry.name) && !SKIPPED_PATHS.includes(child)) walk(child);
      } else if (entry.isFile() && EXTENSIONS.has(path.extname(entry.name))) {
        files.push(child);
      }
    }
  };
  for (const top of ROOTS) walk(top);
  return files.sort();
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  let count = 0;
  const filesWith = new Set();
  for (const file of sourceFiles(root)) {
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const hit of findIssueComments(text, { css: file.endsWith('.css') })) {
      console.log(`${file}:${hit.line}: ${hit.text}`);
      count += 1;
      filesWith.add(file);
    }
  }
  if (count > 0) {
    console.log(`\n${count} comment lines in ${filesWith.size} files narrate issue history (${ISSUE_REFERENCE}): say why instead, keep spec references.`);
    process.exitCode = 1;
  } else {
    console.log('No comment narrates issue history.');
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
