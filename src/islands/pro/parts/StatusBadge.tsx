/** A booking's status for the host: a coloured dot and its name (arrived and no-show told apart from confirmed and finished). */
import { bookingKind } from '../../../lib/pro/book-view.ts';
import type { StaffBookingRow } from '../../../shared/api/pro.ts';
import { lifeStateOf } from '../../../shared/booking-life-cycle.ts';
import { useTranslation } from '../../shared/use-translation.ts';

/** The dot and label of a booking's status. */
export default function StatusBadge({ booking }: { booking: Pick<StaffBookingRow, 'status' | 'arrived_at' | 'no_show'> }) {
  const { t } = useTranslation();
  const kind = bookingKind(booking);
  const label = lifeStateOf(booking) === 'cancelled' ? t('pro.kind.cancelledByDiner') : t(`pro.kind.${kind}`);
  return (
    <span className={`pro-status pro-status-${kind}`}>
      <span className="pro-dot" aria-hidden="true" />
      {label}
    </span>
  );
}
