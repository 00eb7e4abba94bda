/**
 * The tracking page's bottom sheet (spec section 2): date and hour, persons (with the zone when showZone), the actions,
 * Book again for a cancelled or refused booking (the header's Edit changes the others), the merchant block, how it works
 * (keepTableDuration) while the booking stands, cancel (for whoever may manage it), and the powered-by footer.
 */
import { useId } from 'react';
import type { Lang } from '../../../i18n/t.ts';
import type { Booking } from '../../../shared/api/booking.ts';
import type { Merchant } from '../../../shared/api/merchant.ts';
import { formatHour } from '../../../shared/hour-cycle.ts';
import { useHour12 } from '../../shared/use-hour12.ts';
import { isCancelled, mayDinerCancel } from '../../../shared/booking-states.ts';
import { longDate } from '../../../lib/text/long-date.ts';
import { bookingHomePath } from '../../../lib/navigation/routes.ts';
import { safeLinkUrl } from '../../../shared/safe-url.ts';
import TrackingActions from './TrackingActions.tsx';
import MerchantCard from './MerchantCard.tsx';
import '../../shared/buttons.css';
import type { Translate } from '../../shared/use-translation.ts';

/** What the sheet shows. */
export interface BookingSheetProps {
  t: Translate;
  lang: Lang;
  booking: Booking;
  merchant: Merchant;
  /** Whether the merchant's country writes 12-hour times (src/shared/hour-cycle.ts). */
  merchantHour12: boolean;
  providerName: string;
  providerUrl: string;
  /** Whether this page may change the booking (false for a shared link: no Cancel). */
  canManage: boolean;
  onCancel: () => void;
}

/** The sheet. */
export default function BookingSheet({ t, lang, booking, merchant, merchantHour12, providerName, providerUrl, canManage, onCancel }: BookingSheetProps) {
  const twelve = useHour12(merchantHour12, lang);
  const titleId = useId();
  const howId = useId();
  const persons = t('booking.persons', { count: booking.clientCount });
  const provider = safeLinkUrl(providerUrl);
  const cancelled = isCancelled(booking.status);
  return (
    <section className="trk-sheet" aria-labelledby={titleId}>
      <h2 id={titleId} className="visually-hidden">
        {t('complete.details')}
      </h2>
      <dl className="trk-facts trk-facts-inline">
        <div>
          <dt>{t('complete.dateLabel')}</dt>
          <dd>{t('complete.dateTime', { date: longDate(booking.bookingForDate, lang), hour: formatHour(booking.bookingForHour, lang, twelve) })}</dd>
        </div>
        <div>
          <dt>{t('complete.personsLabel')}</dt>
          <dd>{booking.showZone ? t('complete.personsInZone', { persons, zone: booking.bookingZone.name }) : persons}</dd>
        </div>
      </dl>
      <TrackingActions t={t} lang={lang} booking={booking} merchant={merchant} />
      {/* The header's Edit changes the booking; a cancelled or refused one is over: the diner may book anew. */}
      {cancelled && (
        <a className="cv-btn cv-btn-primary cv-btn-block" href={bookingHomePath(merchant.slug)}>
          {t('complete.bookAgain')}
        </a>
      )}
      <MerchantCard t={t} merchant={merchant} />
      {!cancelled && (
        <section className="trk-how" aria-labelledby={howId}>
          <h3 id={howId}>{t('complete.howItWorksTitle')}</h3>
          <p>{t('complete.howItWorks', { minutes: merchant.settings.keepTableDuration })}</p>
        </section>
      )}
      {canManage && mayDinerCancel(booking.status) && (
        <button type="button" className="cv-btn cv-btn-danger cv-btn-block" onClick={onCancel}>
          {t('complete.cancel')}
        </button>
      )}
      <p className="trk-powered">
        {provider ? <a href={provider}>{t('site.poweredBy', { provider: providerName })}</a> : t('site.poweredBy', { provider: providerName })}
      </p>
    </section>
  );
}
