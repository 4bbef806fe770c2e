import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { asInterfaceLanguage, loadInterfaceLanguage } from './lib/i18n.ts';

// The page's language's texts first (Russian is in the bundle; another is a chunk of its own), so the first render in
// the browser says what the server's did.
await loadInterfaceLanguage(asInterfaceLanguage(document.documentElement.lang));

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
