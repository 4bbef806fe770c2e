import { FILTER_SELECT_MODE_BELOW } from '@ekran/core';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

describe('catalog.css', () => {
  it('switches the filters to the select mode below core’s FILTER_SELECT_MODE_BELOW (platform §9: below 768)', () => {
    const css = readFileSync(new URL('./catalog.css', import.meta.url), 'utf8');
    expect(FILTER_SELECT_MODE_BELOW).toBe(768);
    const block = css.slice(css.indexOf(`@media (max-width: ${FILTER_SELECT_MODE_BELOW - 0.02}px)`));
    expect(block.length).toBeLessThan(css.length);
    expect(block).toMatch(/\.filters__panels \{\s*display: none;/);
    expect(block).toMatch(/\.filters__selects \{\s*display: grid;/);
  });
});
