/** The error page for the main booking error (spec section 8): the message of error.{code}, the merchant's phone to call instead, a link back to the provider. */
import { useId, useMemo } from 'react';
import { errorMessage } from '../../../i18n/i18n.ts';
import { samePhone, telHref } from '../../../shared/tel-href.ts';
import { readPageMerchantData, type MainError } from '../../../stores/merchant.ts';
import { useTranslation } from '../../shared/use-translation.ts';
import '../../shared/buttons.css';

/** What the error page shows. */
export interface MainErrorPageProps {
  error: MainError;
  providerUrl: string;
  providerName: string;
}

/** Shown instead of the choosers when the merchant cannot take bookings (booking_not_activated and the like). */
export default function MainErrorPage({ error, providerUrl, providerName }: MainErrorPageProps) {
  const { t, lang } = useTranslation();
  const titleId = useId();
  const page = useMemo(() => readPageMerchantData(), []);
  // The page's phone was formatted at build time; another number (the API's, changed since) shows as given.
  const shown = error.phone && page?.phoneDisplay && samePhone(error.phone, page.phone) ? page.phoneDisplay : error.phone?.trim();
  // The phone is a link inside the sentence: the sentence is split around its placeholder.
  const [before = '', after = ''] = t('error.booking_call_for_booking', { phone: '\u0000' }).split('\u0000');

  return (
    <section className="bh-main-error" role="alert" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('mainError.title')}</h3>
      <p className="bh-main-error-message">{errorMessage(lang, error.code)}</p>
      {error.phone && (
        <p>
          {before}
          <a href={telHref(error.phone)}>{shown}</a>
          {after}
        </p>
      )}
      <a className="cv-btn cv-btn-secondary bh-main-error-back" href={providerUrl}>
        <span aria-hidden="true">←</span> {t('mainError.backTo', { provider: providerName })}
      </a>
    </section>
  );
}
