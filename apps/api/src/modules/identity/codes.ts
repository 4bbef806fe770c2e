import { verificationCodes, type Db } from '@ekran/db';
import { ErrorCode } from '@ekran/contracts';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import { AppError } from '../../lib/errors.ts';
import { hmac, safeEqual } from '../../lib/tokens.ts';

/** Codes live 10 minutes, work once and die after 5 wrong tries. */
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;

type Purpose = (typeof verificationCodes.$inferSelect)['purpose'];

const invalid = () => new AppError(400, ErrorCode.InvalidCode, 'The code is wrong, expired or already used');

/** One-time codes: six random digits, stored as an HMAC so a database leak does not leak codes. */
export function createCodes(db: Db, secret: string, now: () => Date) {
  const hashOf = (id: string, code: string) => hmac(secret, `${id}:${code}`);

  return {
    /** Issues a new code; earlier unused codes for the same purpose and destination stop working. */
    async issue(input: { purpose: Purpose; channel: 'email' | 'sms'; destination: string; userId: string | null }): Promise<string> {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const at = now();
      return db.transaction(async (tx) => {
        await tx
          .update(verificationCodes)
          .set({ consumedAt: at })
          .where(and(eq(verificationCodes.destination, input.destination), eq(verificationCodes.purpose, input.purpose), isNull(verificationCodes.consumedAt)));
        const [row] = await tx
          .insert(verificationCodes)
          .values({ ...input, codeHash: 'pending', expiresAt: new Date(at.getTime() + CODE_TTL_MS), createdAt: at })
          .returning({ id: verificationCodes.id });
        await tx.update(verificationCodes).set({ codeHash: hashOf(row!.id, code) }).where(eq(verificationCodes.id, row!.id));
        return code;
      });
    },

    /** Uses the live code of a destination; wrong tries count, the fifth wrong try kills it. */
    async consume(input: { purpose: Purpose; destination: string; code: string }): Promise<{ userId: string | null }> {
      const at = now();
      const [row] = await db
        .select()
        .from(verificationCodes)
        .where(
          and(
            eq(verificationCodes.destination, input.destination),
            eq(verificationCodes.purpose, input.purpose),
            isNull(verificationCodes.consumedAt),
            gt(verificationCodes.expiresAt, at),
          ),
        )
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1);
      if (!row) throw invalid();
      if (row.attempts >= CODE_MAX_ATTEMPTS) throw new AppError(429, ErrorCode.TooManyAttempts, 'Too many wrong codes; ask for a new one');
      if (!safeEqual(row.codeHash, hashOf(row.id, input.code))) {
        const [after] = await db
          .update(verificationCodes)
          .set({ attempts: sql`${verificationCodes.attempts} + 1` })
          .where(eq(verificationCodes.id, row.id))
          .returning({ attempts: verificationCodes.attempts });
        if ((after?.attempts ?? CODE_MAX_ATTEMPTS) >= CODE_MAX_ATTEMPTS) throw new AppError(429, ErrorCode.TooManyAttempts, 'Too many wrong codes; ask for a new one');
        throw invalid();
      }
      // Single use even under concurrent tries: only one update finds it unconsumed.
      const used = await db
        .update(verificationCodes)
        .set({ consumedAt: at })
        .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.consumedAt)))
        .returning({ id: verificationCodes.id });
      if (used.length === 0) throw invalid();
      return { userId: row.userId };
    },
  };
}
