// Assignment of A/B experiment groups: spec platform §3 (Experiment, Auth data ab), §6 (experiments).

import { EXPERIMENTS } from './experiments.ts';

/** An experiment with its ids as the auth data's ab lists them (platform §3 Experiment). */
export interface AssignedExperiment {
  exp_name: string;
  group_name: string;
  exp_id: string;
  group_id: string;
}

// The spec names the experiments but not their groups or shares. Until the server has an experiment
// console, every experiment has a control group A and a test group B, half of the accounts each.
/** Groups of every experiment: A (control) and B (feature on). */
export const EXPERIMENT_GROUPS = ['A', 'B'] as const;

/**
 * FNV-1a over the string, then murmur3's finaliser: FNV's low bits alone follow the parity of the input's
 * characters, so two experiments would split the same accounts alike. Stable, well spread, not for secrets.
 */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * The groups of an account in every experiment of platform §6, the same on every call for the same
 * account (and independent between experiments), so a viewer keeps their group across sessions and devices.
 */
export function assignExperiments(accountId: string): AssignedExperiment[] {
  return Object.values(EXPERIMENTS).map((expName, index) => {
    const group = hash32(`${expName}:${accountId}`) % EXPERIMENT_GROUPS.length;
    return { exp_name: expName, group_name: EXPERIMENT_GROUPS[group]!, exp_id: String(index + 1), group_id: String((index + 1) * 10 + group + 1) };
  });
}
