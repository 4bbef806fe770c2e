// React Router's default browser entry, after one setting: zod runs without its `new Function` fast path. The
// site's CSP allows no eval, and zod's probe for it (caught, harmless) is still reported as a CSP violation.
// docs/decisions/034-production-guards-and-headers.md
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { z } from 'zod';

z.config({ jitless: true });

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
