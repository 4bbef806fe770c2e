import { describe, expect, it } from 'vitest';
import { assignExperiments, EXPERIMENT_GROUPS } from './experiment-assignment.ts';
import { experimentGroup, EXPERIMENTS } from './experiments.ts';

describe('assignExperiments (platform §3 ab, §6 experiments)', () => {
  it('assigns every experiment of platform §6 once, with string ids', () => {
    const ab = assignExperiments('0b9a4c2e-8f1d-4a57-9e0a-3c5d7e9f1a2b');
    expect(ab.map((e) => e.exp_name)).toEqual(Object.values(EXPERIMENTS));
    for (const e of ab) {
      expect(EXPERIMENT_GROUPS).toContain(e.group_name);
      expect(e.exp_id).toMatch(/^\d+$/);
      expect(e.group_id).toMatch(/^\d+$/);
    }
  });

  it('is deterministic per account', () => {
    const id = 'a1c2e3f4-0000-4000-8000-000000000001';
    expect(assignExperiments(id)).toEqual(assignExperiments(id));
  });

  it('gives the same group the same group_id in one experiment', () => {
    const ids = new Map<string, string>();
    for (let i = 0; i < 200; i++) {
      const who = assignExperiments(`account-${i}`).find((e) => e.exp_name === EXPERIMENTS.whoWatch)!;
      expect(ids.get(who.group_name) ?? who.group_id).toBe(who.group_id);
      ids.set(who.group_name, who.group_id);
    }
    expect([...ids.keys()].sort()).toEqual(['A', 'B']);
  });

  it('splits accounts about evenly and independently between experiments', () => {
    const n = 2000;
    let whoB = 0;
    let both = 0;
    for (let i = 0; i < n; i++) {
      const ab = assignExperiments(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
      const who = experimentGroup(ab, EXPERIMENTS.whoWatch) === 'B';
      const sorting = experimentGroup(ab, EXPERIMENTS.catalogSorting) === 'B';
      if (who) whoB++;
      if (who && sorting) both++;
    }
    expect(whoB / n).toBeGreaterThan(0.45);
    expect(whoB / n).toBeLessThan(0.55);
    expect(both / n).toBeGreaterThan(0.2);
    expect(both / n).toBeLessThan(0.3);
  });
});
