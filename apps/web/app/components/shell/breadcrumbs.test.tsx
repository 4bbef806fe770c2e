// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInRouter } from '../../test/render.tsx';
import { Breadcrumbs } from './breadcrumbs.tsx';

const trackClick = vi.fn();
vi.mock('../../lib/analytics.ts', () => ({ trackClick: (e: unknown) => trackClick(e) }));
afterEach(cleanup);

describe('Breadcrumbs click events (catalogue §2: block breadcrumbs, product id, element id and text)', () => {
  it('sends a click event with the product id for a link', async () => {
    renderInRouter(<Breadcrumbs productId="id-42" items={[{ title: 'Фильмы', url: '/' }, { title: 'Тайна маяка' }]} />);
    const link = await screen.findByRole('link', { name: 'Фильмы' });
    fireEvent.click(link);
    await waitFor(() =>
      expect(trackClick).toHaveBeenCalledWith({ block_type: 'breadcrumbs', element_type: 'link', element_id: '/', element_text: 'Фильмы', product_id: 'id-42' }),
    );
    // The last item is plain text: nothing to click.
    expect(screen.getByText('Тайна маяка').tagName).toBe('SPAN');
  });
});
