// Imported first by root.tsx, so it runs before any route module's code: in the browser zod goes without its
// `new Function` fast path. The site's CSP allows no eval, and zod's probe for it (caught, harmless) is still
// reported as a CSP violation. The server keeps the fast path. docs/decisions/034-production-guards-and-headers.md
import { z } from 'zod';

if (typeof document !== 'undefined') z.config({ jitless: true });
