// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n.ts';
import { TabBar } from './tab-bar.tsx';

afterEach(cleanup);

function renderAt(path: string, props: { isChild: boolean; countryCode: string }) {
  const Stub = createRoutesStub([{ path: '*', Component: () => <TabBar {...props} /> }]);
  render(
    <I18nextProvider i18n={createI18n('ru')}>
      <Stub initialEntries={[path]} />
    </I18nextProvider>,
  );
}

const tabs = async () => {
  const nav = await screen.findByRole('navigation', { name: 'Разделы каталога' });
  return within(nav)
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);
};

// spec catalogue §2: "Adult_Ru: movies, series, archive, animation, new. Adult_NonRu: the same without
// archive. Child: education, nurseryrhymes and entertainment under /animation/...."
describe('TabBar (spec catalogue §2 tab bar)', () => {
  it('Adult_Ru: movies, series, archive, animation, new', async () => {
    renderAt('/', { isChild: false, countryCode: 'RU' });
    expect(await tabs()).toEqual([
      ['Фильмы', '/movies'],
      ['Сериалы', '/series'],
      ['Кино на ТВ', '/archive'],
      ['Мультфильмы', '/animation'],
      ['Новинки', '/new'],
    ]);
    expect(screen.getByTestId('tab-bar').getAttribute('data-variant')).toBe('Adult_Ru');
  });

  it('Adult_NonRu: the same without archive', async () => {
    renderAt('/', { isChild: false, countryCode: 'DE' });
    expect(await tabs()).toEqual([
      ['Фильмы', '/movies'],
      ['Сериалы', '/series'],
      ['Мультфильмы', '/animation'],
      ['Новинки', '/new'],
    ]);
    expect(screen.getByTestId('tab-bar').getAttribute('data-variant')).toBe('Adult_NonRu');
  });

  it('Child: education, nurseryrhymes and entertainment under /animation, whatever the country', async () => {
    renderAt('/kids', { isChild: true, countryCode: 'RU' });
    expect(await tabs()).toEqual([
      ['Познавательное', '/animation/education'],
      ['Песенки', '/animation/nurseryrhymes'],
      ['Развлекательное', '/animation/entertainment'],
    ]);
    expect(screen.getByTestId('tab-bar').getAttribute('data-variant')).toBe('Child');
  });

  it('marks the tab of the current section, also on its sub-pages', async () => {
    renderAt('/series/drama/2024', { isChild: false, countryCode: 'RU' });
    await tabs();
    expect(screen.getByTestId('tab-series').getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('tab-movies').getAttribute('aria-current')).toBeNull();
  });

  it('marks a child section tab', async () => {
    renderAt('/animation/nurseryrhymes', { isChild: true, countryCode: 'RU' });
    await tabs();
    expect(screen.getByTestId('tab-nurseryrhymes').getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('tab-education').getAttribute('aria-current')).toBeNull();
  });
});
