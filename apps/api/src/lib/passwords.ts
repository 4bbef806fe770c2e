import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id recommendation: 19 MiB of memory, 2 iterations, 1 lane.
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** An argon2id hash of a password. */
export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

// Verifying against this when an account does not exist takes as long as a real check, so the answer
// time does not tell whether an email is registered.
const DUMMY = hash('not-a-real-password', OPTIONS);

/** Whether a password matches its hash; with no hash, spends the same time and answers false. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(await DUMMY, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
