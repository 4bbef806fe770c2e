import { Link } from 'react-router';
import { useTranslation } from '../../lib/use-translation.ts';
import './consent-note.css';

/** The sentence under a sign-up button: which documents continuing accepts (the API logs the same ones, decision 050). */
export function SignupConsentNote() {
  const { t } = useTranslation();
  return (
    <p className="consent-note" data-testid="consent-note">
      {t('legal.consent.signupPrefix')} <Link to="/legal/terms_of_use">{t('legal.consent.terms')}</Link> {t('legal.consent.and')}{' '}
      <Link to="/legal/privacy_policy">{t('legal.consent.privacy')}</Link> {t('legal.consent.andGive')} <Link to="/legal/persondata">{t('legal.consent.persondata')}</Link>.
    </p>
  );
}

/** The sentence beside a payment button: the terms, whose subscription section is the offer. */
export function PaymentConsentNote() {
  const { t } = useTranslation();
  return (
    <p className="consent-note" data-testid="consent-note">
      {t('legal.consent.paymentPrefix')} <Link to="/legal/terms_of_use">{t('legal.consent.paymentTerms')}</Link>
      {t('legal.consent.paymentSuffix')}
    </p>
  );
}
