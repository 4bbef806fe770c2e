// The journal's dates are the service's, Moscow's: an article out at 01:00 Moscow is that day's everywhere.
const dayFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Moscow' });

/** «29 октября 2026» for an ISO date-time. */
export const formatArticleDate = (iso: string): string => dayFormat.format(new Date(iso)).replace(/\s*г\.$/, '');
