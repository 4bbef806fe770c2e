// The commit a benchmark ran on, for its results file.
import { execFileSync } from 'node:child_process';
import { ROOT } from '../../scripts/lib/common.mjs';

/** The short hash of HEAD, or null outside a git checkout. */
export function currentCommit() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return null; // not a git checkout
  }
}
