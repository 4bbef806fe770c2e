import { useId } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import type { PromoErrorView } from './promo-errors.ts';

/** The error of a promo, activation or registration (catalogue §8): its title and text, announced to screen readers. */
export function PromoErrorAlert({ error }: { error: PromoErrorView }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="promo__error" role="alert" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} data-testid="promo-error">
      <h2 className="promo__error-title" id={`${id}-title`}>
        {t(`promo.errors.${error.title}`)}
      </h2>
      <p className="promo__error-text" id={`${id}-text`}>
        {t(`promo.errors.${error.text}`)}
      </p>
    </div>
  );
}
