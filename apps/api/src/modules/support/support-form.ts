import { SUPPORT_MAX_FILE_BYTES, SUPPORT_MAX_FILES, SupportErrorCode } from '@ekran/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import type { UploadedImage } from './support-images.ts';

/**
 * The largest multipart body a ticket or a reply may be: one image more than allowed, each at the limit, and the
 * text. Six full images still arrive whole, so the viewer hears «Не больше 5 изображений» rather than a bare 413.
 */
export const SUPPORT_BODY_LIMIT = (SUPPORT_MAX_FILES + 1) * SUPPORT_MAX_FILE_BYTES + 1024 * 1024;

/* eslint-disable no-control-regex -- the same rule as plugins/input-guard.ts for JSON bodies */
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/* eslint-enable no-control-regex */

const badForm = (message: string, path = 'body') => new AppError(400, SupportErrorCode.BadForm, message, { details: [{ path, message }] });

/**
 * Lets the routes of the calling plugin read multipart/form-data: the body arrives as one buffer (up to the route's
 * bodyLimit) and readSupportForm parses it. Registered inside the support plugins only (encapsulated), so no other
 * route accepts multipart.
 */
export function acceptMultipart(app: FastifyInstance): void {
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: SUPPORT_BODY_LIMIT }, (_request, body, done) => done(null, body));
}

/** A posted form: its text fields parsed by `schema`, and its `images` parts. */
export async function readSupportForm<S extends z.ZodType>(request: FastifyRequest, schema: S): Promise<{ fields: z.output<S>; images: UploadedImage[] }> {
  const type = request.headers['content-type'] ?? '';
  if (!Buffer.isBuffer(request.body) || !type.toLowerCase().startsWith('multipart/form-data')) {
    throw badForm('Send the form as multipart/form-data');
  }
  let form: FormData;
  try {
    // Node's own (undici) multipart parser, through the Fetch API's Response.
    form = await new Response(new Uint8Array(request.body), { headers: { 'content-type': type } }).formData();
  } catch {
    throw badForm('The multipart body cannot be read');
  }
  const text: Record<string, string> = {};
  const images: UploadedImage[] = [];
  for (const [name, value] of form) {
    if (typeof value === 'string') {
      if (CONTROL_IN_TEXT.test(value)) throw badForm(`${name} contains a control character`, name);
      if (!(name in text)) text[name] = value;
    } else if (name === 'images') {
      // An empty file input posts a nameless empty part: no image was chosen.
      if (value.size === 0 && !value.name) continue;
      images.push({ name: (value.name || 'image').slice(0, 120), bytes: Buffer.from(await value.arrayBuffer()) });
    }
  }
  const parsed = schema.safeParse(text);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => ({ path: issue.path.join('.') || 'body', message: issue.message }));
    throw new AppError(400, SupportErrorCode.BadForm, `Invalid form: ${details.map((d) => `${d.path} ${d.message}`).join('; ')}`, { details });
  }
  return { fields: parsed.data, images };
}

/** An attachment's bytes: a private image, kept by no cache, never sniffed as anything but the image it is. */
export function sendImage(reply: FastifyReply, image: { contentType: string; bytes: Buffer }) {
  return reply
    .header('content-type', image.contentType)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline')
    .send(image.bytes);
}
