import { ErrorCode } from '@ekran/contracts';
import { AppError } from '../../lib/errors.ts';

/** The sort columns of a listing and the SQL type a cursor value is compared as. */
export const SORT_FIELDS = {
  popularity: 'integer',
  ekran_release_date: 'date',
  rating_ekran: 'numeric',
  year: 'integer',
  title: 'text',
} as const;
export type SortField = keyof typeof SORT_FIELDS;

/**
 * Where the next portion of a listing starts (keyset paging, docs/decisions/009-catalogue-paging.md): the last
 * item's sort value and alias (the tie-breaker), and how many items come before the next one (the skip it
 * answers with). The sort is inside so a cursor cannot be used with another order.
 */
export interface ListingCursor {
  sort: string;
  value: number | string;
  alias: string;
  position: number;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ALIAS = /^[a-z0-9-]{1,160}$/;

const invalid = () => new AppError(400, ErrorCode.BadRequest, 'after is not a cursor of this listing');

/** The cursor as an opaque URL-safe string. */
export function encodeCursor(cursor: ListingCursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.value, cursor.alias, cursor.position])).toString('base64url');
}

/** Reads a cursor a client sent back; 400 when it is not one, or was made for another sort. */
export function decodeCursor(text: string, sort: string, field: SortField): ListingCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) throw invalid();
  const [cursorSort, value, alias, position] = parsed as unknown[];
  if (cursorSort !== sort || typeof alias !== 'string' || !ALIAS.test(alias)) throw invalid();
  if (typeof position !== 'number' || !Number.isSafeInteger(position) || position < 0) throw invalid();
  const type = SORT_FIELDS[field];
  const valueOk =
    type === 'text' ? typeof value === 'string' && value.length <= 300
    : type === 'date' ? typeof value === 'string' && DATE.test(value) && !Number.isNaN(Date.parse(value))
    : typeof value === 'number' && Number.isFinite(value);
  if (!valueOk) throw invalid();
  return { sort, value: value as number | string, alias, position };
}
