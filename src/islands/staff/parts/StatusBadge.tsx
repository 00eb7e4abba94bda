/** A booking's status for the host: a coloured dot and its name (arrived and no-show told apart from confirmed and finished). */
import { bookingKind } from '../../../lib/staff/book-view.ts';
import type { StaffBookingRow } from '../../../shared/api/staff.ts';
import { lifeStateOf } from '../../../shared/booking-life-cycle.ts';
import { useTranslation } from '../../shared/use-translation.ts';

/** The dot and label of a booking's status. */
export default function StatusBadge({ booking }: { booking: Pick<StaffBookingRow, 'status' | 'arrived_at' | 'no_show'> }) {
  const { t } = useTranslation();
  const kind = bookingKind(booking);
  const label = lifeStateOf(booking) === 'cancelled' ? t('staff.kind.cancelledByDiner') : t(`staff.kind.${kind}`);
  return (
    <span className={`staff-status staff-status-${kind}`}>
      <span className="staff-dot" aria-hidden="true" />
      {label}
    </span>
  );
}
