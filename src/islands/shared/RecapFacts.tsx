/** The facts of a booking being made, as Validate's recap and the guest-details page show them: date and hour, guests, the zone when showZone. */
import type { ReactNode } from 'react';
import type { Lang } from '../../i18n/t.ts';
import { formatHour } from '../../shared/hour-cycle.ts';
import { longDate } from '../../lib/text/long-date.ts';
import type { Booking } from '../../shared/api/booking.ts';
import type { Translate } from './use-translation.ts';

/** What the facts need. */
export interface RecapFactsProps {
  t: Translate;
  lang: Lang;
  booking: Pick<Booking, 'bookingForDate' | 'bookingForHour' | 'clientCount' | 'showZone' | 'bookingZone'>;
  hour12?: boolean;
  /** Two columns where there is room (the guest-details page), else stacked. */
  inline?: boolean;
  /** More facts after these (Validate's comment). */
  children?: ReactNode;
}

/** The facts as a description list. */
export default function RecapFacts({ t, lang, booking, hour12 = false, inline = false, children }: RecapFactsProps) {
  return (
    <dl className={inline ? 'trk-facts trk-facts-inline' : 'trk-facts'}>
      <div>
        <dt>{t('validate.dateLabel')}</dt>
        <dd>{t('validate.dateTime', { date: longDate(booking.bookingForDate, lang), hour: formatHour(booking.bookingForHour, lang, hour12) })}</dd>
      </div>
      <div>
        <dt>{t('validate.guestsLabel')}</dt>
        <dd>{t('booking.persons', { count: booking.clientCount })}</dd>
      </div>
      {booking.showZone && (
        <div>
          <dt>{t('validate.zone')}</dt>
          <dd>{booking.bookingZone.name}</dd>
        </div>
      )}
      {children}
    </dl>
  );
}
