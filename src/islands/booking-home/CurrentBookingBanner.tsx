/** The banner at the top of BookingHome linking to the diner's current booking at this merchant (currentBookingToken, else the one stored). */
import { useStore } from '@nanostores/react';
import { bookingCompletePath } from '../../lib/routes.ts';
import { $bookingToken, $currentBookingToken, $storedBookingToken } from '../../stores/booking.ts';
import { useTranslation } from '../shared/use-translation.ts';
import { useHydrated } from '../shared/use-hydrated.ts';
import './current-booking-banner.css';

/** Nothing until the API says the signed-in diner has a live booking here, or one is stored for it (other than the one being changed). */
export default function CurrentBookingBanner({ slug }: { slug: string }) {
  const hydrated = useHydrated();
  const { t } = useTranslation();
  const fromServer = useStore($currentBookingToken);
  const stored = useStore($storedBookingToken);
  const current = fromServer ?? stored;
  const editing = useStore($bookingToken);
  if (!hydrated || !current || current === editing) return null;
  return (
    <aside className="current-booking" aria-label={t('booking.currentBanner')}>
      <div className="current-booking-inner">
        <p>{t('booking.currentBanner')}</p>
        <a href={bookingCompletePath(slug, current)}>
          {t('booking.seeCurrent')} <span aria-hidden="true">→</span>
        </a>
      </div>
    </aside>
  );
}
