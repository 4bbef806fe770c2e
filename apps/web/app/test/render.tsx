import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { createI18n } from '../lib/i18n.ts';

/** Renders a component inside a router (with an optional root loader data) and Russian translations. */
export function renderInRouter(ui: React.ReactElement, rootData: Record<string, unknown> = {}) {
  const Stub = createRoutesStub([
    { id: 'root', path: '/', loader: () => rootData, HydrateFallback: () => null, children: [{ index: true, Component: () => ui }] },
  ]);
  return render(
    <I18nextProvider i18n={createI18n('ru')}>
      <Stub initialEntries={['/']} />
    </I18nextProvider>,
  );
}
