import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extractComments, findIssueComments, ISSUE_REFERENCE, sourceFiles } from './check-comments.mjs';

// The phrases are built at run time so that this file's own source carries none of them.
const issue = (n) => ['issue', n].join(' ');

describe('ISSUE_REFERENCE', () => {
  it.each([issue(6) + ' api: the routes', `(${issue(4)} lists)`, `---- ${issue(6)} api`, 'Issue 12', 'issues 3 and 4', 'ISSUE 7'])('matches %s', (text) => {
    expect(ISSUE_REFERENCE.test(text)).toBe(true);
  });

  it.each(['spec platform §4', 'issue N', 'issues', 'tissue 5', 'issue5', 'reissue 2', 'an issue number'])('does not match %s', (text) => {
    expect(ISSUE_REFERENCE.test(text)).toBe(false);
  });
});

describe('findIssueComments', () => {
  it('finds line, block, JSDoc and JSX comments, with the line of each hit', () => {
    const source = [
      `// ${issue(6)} api: the notification`,
      'const a = 1;',
      '/**',
      ' * Reads the list.',
      ` * (${issue(4)} lists)`,
      ' */',
      `const b = 2; /* ---- ${issue(6)} api */`,
      `const el = <div>{/* ${issue(5)} player */}</div>;`,
    ].join('\n');
    expect(findIssueComments(source)).toEqual([
      { line: 1, text: `// ${issue(6)} api: the notification` },
      { line: 5, text: `* (${issue(4)} lists)` },
      { line: 7, text: `/* ---- ${issue(6)} api */` },
      { line: 8, text: `/* ${issue(5)} player */` },
    ]);
  });

  it('ignores strings, template literals and regular expressions', () => {
    const source = [
      `it('shows the list (${issue(4)} lists)', () => {});`,
      `const url = "http://x//${issue(3)}";`,
      `const t = \`// ${issue(2)}\n${issue(8)}\`;`,
      `const re = /'\\/\\/ ${issue(1)}/;`,
      '// spec platform §4: kept',
    ].join('\n');
    expect(findIssueComments(source)).toEqual([]);
    expect(extractComments(source)).toEqual([{ line: 6, text: '// spec platform §4: kept' }]);
  });

  it('reads only block comments in CSS, where // is not a comment', () => {
    const source = [`a { background: url(//cdn/${issue(1)}.png); }`, `/* ${issue(4)} images */`].join('\n');
    expect(findIssueComments(source, { css: true })).toEqual([{ line: 2, text: `/* ${issue(4)} images */` }]);
  });
});

describe('sourceFiles', () => {
  it('reads the source trees but not dependencies, build output or migration metadata', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    const files = sourceFiles(root);
    expect(files).toContain(path.join('scripts', 'check-comments.mjs'));
    expect(files.some((file) => file.split(path.sep).includes('node_modules'))).toBe(false);
    expect(files.some((file) => file.startsWith(path.join('packages', 'db', 'drizzle', 'meta')))).toBe(false);
    expect(files.every((file) => /\.(ts|tsx|mjs|css)$/.test(file))).toBe(true);
  });
});
