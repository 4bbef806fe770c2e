// @vitest-environment jsdom
import type { PromoMeta } from '@ekran/contracts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInRouter } from '../../test/render.tsx';
import { CodeForm } from './code-form.tsx';
import { promoErrorView } from './promo-errors.ts';

const meta: PromoMeta = {
  code: 'EKRAN30',
  campaign: { alias: 'ekran30', title: '30 дней Экрана в подарок', kind: 'promo', is_premium: false, ends_at: '2026-12-31T20:59:59.000Z' },
  gives: { kind: 'days', days: 30, tariff_title: 'Подписка на месяц' },
};

afterEach(cleanup);

describe('CodeForm (issue 6 promo)', () => {
  it('after a check shows what the code gives and «Активировать» for that code', async () => {
    renderInRouter(<CodeForm answer={{ meta }} label="Промокод" />);
    expect(await screen.findByText('30 дней Экрана в подарок')).toBeTruthy();
    expect(screen.getByTestId('promo-gives').textContent).toBe('30 дней подписки «Подписка на месяц» бесплатно');
    expect(screen.getByText('Акция действует до 31 декабря 2026 г.')).toBeTruthy();
    const activate = screen.getByRole('button', { name: 'Активировать' });
    expect(activate.getAttribute('value')).toBe('activate');
    expect((activate.closest('form')!.querySelector('input[name=code]') as HTMLInputElement).value).toBe('EKRAN30');
  });

  it('an error is an alert named by its catalogue §8 title, described by its text', async () => {
    renderInRouter(<CodeForm answer={{ error: promoErrorView('PROMO_ONE_PER_CAMPAIGN') }} label="Промокод" />);
    const alert = await screen.findByRole('alert', { name: 'Ошибка активации' });
    expect(alert.textContent).toContain('Вы уже пользовались другим промокодом по этой акции. К сожалению, они не суммируются');
    expect(screen.queryByRole('button', { name: 'Активировать' })).toBeNull();
  });
});
