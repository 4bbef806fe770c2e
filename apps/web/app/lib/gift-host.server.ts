// Spec platform §2 "A gift/certificate host shows screen type certificates and suppresses popups."

/** The screen type of a request's host: certificates on the configured gift host (GIFT_HOST), else null. */
export function screenTypeOf(requestUrl: string, giftHost: string | undefined): 'certificates' | null {
  if (!giftHost) return null;
  const url = new URL(requestUrl);
  const host = url.host.toLowerCase();
  return host === giftHost || url.hostname.toLowerCase() === giftHost ? 'certificates' : null;
}
