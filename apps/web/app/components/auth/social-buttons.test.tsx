// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../lib/api.server.ts';
import { renderInRouter } from '../../test/render.tsx';
import { SocialButtons } from './social-buttons.tsx';
import { socialProvidersFor } from './social-buttons.server.ts';

afterEach(cleanup);

const all = [{ id: 'yandex' }, { id: 'vk' }, { id: 'google' }, { id: 'apple' }] as const;

describe('SocialButtons', () => {
  it('shows «Войти через Apple / Google / VK / Яндекс ID» in that order, each starting its flow at the API', async () => {
    renderInRouter(<SocialButtons providers={all} back="/" />);
    const links = await screen.findAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['Войти через Apple', 'Войти через Google', 'Войти через VK', 'Войти через Яндекс ID']);
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/api/v1/auth/social/apple/start',
      '/api/v1/auth/social/google/start',
      '/api/v1/auth/social/vk/start',
      '/api/v1/auth/social/yandex/start',
    ]);
    expect(screen.getByText('или')).toBeTruthy();
  });

  it('carries the return URL', async () => {
    renderInRouter(<SocialButtons providers={[{ id: 'yandex' }]} back="/watch/tayna?t=1" />);
    expect((await screen.findByRole('link')).getAttribute('href')).toBe('/api/v1/auth/social/yandex/start?back=%2Fwatch%2Ftayna%3Ft%3D1');
  });

  it('shows only the offered providers, and nothing when none is offered', async () => {
    renderInRouter(<SocialButtons providers={[{ id: 'vk' }]} back="/" />);
    expect((await screen.findAllByRole('link')).map((a) => a.textContent)).toEqual(['Войти через VK']);
    cleanup();
    const { container } = renderInRouter(<SocialButtons providers={[]} back="/" />);
    await new Promise((r) => setTimeout(r, 0));
    expect(container.querySelector('.social')).toBeNull();
  });
});

describe('socialProvidersFor', () => {
  it('answers the offered providers', async () => {
    expect(await socialProvidersFor({ socialProviders: vi.fn().mockResolvedValue({ items: [{ id: 'vk', dev: true }] }) } as never)).toEqual([{ id: 'vk', dev: true }]);
  });

  it('answers none when the API refuses, so the sign-in form still shows', async () => {
    expect(await socialProvidersFor({ socialProviders: vi.fn().mockRejectedValue(new ApiCallError(503, null)) } as never)).toEqual([]);
  });
});
