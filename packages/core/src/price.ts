// Price display: spec platform §5 ("RUB without decimals, other currencies two decimals,
// thin-space thousands").

/** Thin space U+2009, the thousands separator of displayed prices (platform §5). */
export const THIN_SPACE = '\u2009';

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string): Intl.NumberFormat {
  let formatter = formatters.get(currency);
  if (!formatter) {
    const digits = currency === 'RUB' ? 0 : 2;
    formatter = new Intl.NumberFormat('ru-RU', {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(currency, formatter);
  }
  return formatter;
}

// Intl's ru-RU output groups thousands with a no-break space U+00A0 (CLDR), and only those group
// parts are replaced. What Intl puts between the number and the symbol is kept as it comes: CLDR's
// ru currency pattern "#,##0.00 ¤" gives a no-break space U+00A0 there too (checked on Node 20,
// ICU 78), so the symbol never wraps onto its own line. U+2009 itself is a breaking space: style
// prices with white-space: nowrap where a wrap inside the number matters.
/** Price in ru-RU currency style: RUB rounded to whole units, others with two decimals, U+2009 between thousands. */
export function formatPrice(amount: number, currency: string): string {
  if (!Number.isFinite(amount)) throw new RangeError(`price must be a finite number, got ${amount}`);
  return formatterFor(currency.toUpperCase())
    .formatToParts(amount)
    .map((part) => (part.type === 'group' ? THIN_SPACE : part.value))
    .join('');
}
