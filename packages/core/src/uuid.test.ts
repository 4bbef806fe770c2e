import { describe, expect, it } from 'vitest';
import { isUuid, UUID_SOURCE } from './uuid.ts';

describe('isUuid', () => {
  it('accepts canonical UUIDs in either case', () => {
    expect(isUuid('0b7e4a1c-93d2-4f57-9a0e-2d6c1f8b3e44')).toBe(true);
    expect(isUuid('0B7E4A1C-93D2-4F57-9A0E-2D6C1F8B3E44')).toBe(true);
  });
  it('refuses anything else', () => {
    for (const v of ['', 'abc', '0b7e4a1c93d24f579a0e2d6c1f8b3e44', '0b7e4a1c-93d2-4f57-9a0e-2d6c1f8b3e4', ' 0b7e4a1c-93d2-4f57-9a0e-2d6c1f8b3e44', 42, null, undefined]) {
      expect(isUuid(v)).toBe(false);
    }
  });
  it('builds larger patterns', () => {
    expect(new RegExp(`^rec\\.(${UUID_SOURCE})$`).exec('rec.0b7e4a1c-93d2-4f57-9a0e-2d6c1f8b3e44')?.[1]).toBe('0b7e4a1c-93d2-4f57-9a0e-2d6c1f8b3e44');
  });
});
