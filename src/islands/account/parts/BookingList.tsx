/** One group of the account page (coming, or past and cancelled): a titled list of bookings, each a link to its tracking page. */
import { statusDot } from '../../../lib/booking/booking-status.ts';
import { longDate } from '../../../lib/text/long-date.ts';
import { bookingCompletePath } from '../../../lib/navigation/routes.ts';
import type { UserBooking } from '../../../shared/api/user-bookings.ts';
import { useTranslation } from '../../shared/use-translation.ts';

/** A titled list of bookings, or its empty note. */
export default function BookingList({ id, title, empty, bookings }: { id: string; title: string; empty: string; bookings: UserBooking[] }) {
  const { t, lang } = useTranslation();
  return (
    <section className="acc-group" aria-labelledby={id}>
      <h2 id={id} className="acc-group-title">
        {title}
      </h2>
      {bookings.length === 0 ? (
        <p className="acc-empty">{empty}</p>
      ) : (
        <ul className="acc-list">
          {bookings.map((booking) => (
            <li key={booking.token}>
              <a className="acc-card" href={bookingCompletePath(booking.merchant.slug, booking.token)}>
                <span className="acc-card-merchant">{booking.merchant.name}</span>
                <span className="acc-card-when">{t('myBookings.when', { date: longDate(booking.bookingForDate, lang), hour: booking.bookingForHour })}</span>
                <span className="acc-card-party">
                  {t('booking.persons', { count: booking.clientCount })}
                  {booking.zoneName ? ` · ${booking.zoneName}` : ''}
                </span>
                <span className="acc-card-foot">
                  <span className="acc-status">
                    <span className={`acc-dot acc-dot-${statusDot(booking.status)}`} aria-hidden="true" />
                    {t(`status.${booking.status}`)}
                  </span>
                  <span className="acc-ref">{t('myBookings.reference', { ref: booking.ref })}</span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
