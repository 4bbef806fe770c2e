import { data } from 'react-router';

/**
 * The one not-found answer of loaders and actions: `throw notFound()` shows the site's not-found screen with a 404
 * status (the root's error boundary).
 */
export const notFound = () => data(null, { status: 404 });
