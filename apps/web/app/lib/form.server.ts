import type { z } from 'zod';

/**
 * A posted form as a plain object for a zod schema: the first value of each name; files are dropped (no form of
 * the site posts one), so a field holding one reads as missing.
 */
export function formFields(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === 'string' && !(name in out)) out[name] = value;
  return out;
}

/** An action's form parsed by its schema: zod's safeParse result, so the action answers a failure as it always has. */
export async function parseForm<S extends z.ZodType>(request: Request, schema: S) {
  return parseFormData(await request.formData(), schema);
}

/** The same, for a form already read (an action that dispatches on its intent first). */
export const parseFormData = <S extends z.ZodType>(form: FormData, schema: S) => schema.safeParse(formFields(form));

/**
 * A form whose schema holds only text fields with defaults, for an action whose API judges the values: such a
 * schema accepts every form, so this returns its data (a schema that can refuse goes through parseFormData).
 */
export const readTextForm = <S extends z.ZodType>(form: FormData, schema: S): z.output<S> => schema.parse(formFields(form));
