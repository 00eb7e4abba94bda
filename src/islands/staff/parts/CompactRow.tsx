/** One booking of the compact list, on one line: time, diner, party, table, status, its main action (or undo) and More for the rest. */
import { bookingKind, type BookAction } from '../../../lib/staff/book-view.ts';
import type { StaffBookingRow } from '../../../shared/api/staff.ts';
import { useTranslation } from '../../shared/use-translation.ts';
import type { DialogAction } from './ActionDialog.tsx';
import { actionLabel } from './BookingCard.tsx';
import GuestBadges from './GuestBadges.tsx';
import StatusBadge from './StatusBadge.tsx';
import { useBookHour } from './use-book-hour.ts';

/** What the row shows and what its buttons ask for. */
export interface CompactRowProps {
  booking: StaffBookingRow;
  /** Show the date too (search results span days). */
  withDate?: string;
  /** What staff may do to it now, the main one first (actionsFor). */
  actions: BookAction[];
  onAction: (booking: StaffBookingRow, action: DialogAction) => void;
  onMore: (booking: StaffBookingRow, actions: DialogAction[]) => void;
}

/** A booking's line. */
export default function CompactRow({ booking, withDate, actions, onAction, onMore }: CompactRowProps) {
  const { t } = useTranslation();
  const hour = useBookHour();
  const name = `${booking.diner.firstname} ${booking.diner.lastname}`.trim() || t('staff.noName');
  // One button in reach: confirm, arrival, finish or undo; the others (and the details) behind More.
  const main = actions.find((action) => action === 'confirm' || action === 'arrived' || action === 'finish' || action === 'undo');
  const others = actions.filter((action) => action !== main);
  const kind = bookingKind(booking);
  const headingId = `row-${booking.token}`;
  const where = booking.tables.length > 0 ? t('staff.table', { names: booking.tables.map((table) => table.name).join(', ') }) : booking.zone.name;
  return (
    <article className={`staff-row staff-booking-${kind}`} aria-labelledby={headingId} data-token={booking.token}>
      <span className="staff-row-time">
        {withDate ? <span className="staff-booking-date">{withDate} </span> : null}
        {hour(booking.time)}
      </span>
      <h3 id={headingId} className="staff-row-name">
        {name}
      </h3>
      <span className="staff-row-party">{t('staff.party', { count: booking.party })}</span>
      <span className="staff-row-where staff-muted">{where}</span>
      <span className="staff-row-status">
        <StatusBadge booking={booking} />
        <GuestBadges booking={booking} short />
        {booking.comment || booking.note ? (
          <span className="staff-row-flag" title={t('staff.compact.hasText')}>
            <span aria-hidden="true">✎</span>
            <span className="visually-hidden">{t('staff.compact.hasText')}</span>
          </span>
        ) : null}
      </span>
      <span className="staff-row-actions">
        {main ? (
          <button
            type="button"
            className={`cv-btn ${main === 'undo' ? 'cv-btn-secondary' : 'cv-btn-primary'} staff-small`}
            onClick={() => onAction(booking, main)}
            aria-describedby={headingId}
          >
            {actionLabel(t, booking, main)}
          </button>
        ) : null}
        {others.length > 0 ? (
          <button
            type="button"
            className="cv-btn cv-btn-secondary staff-small staff-row-more"
            onClick={() => onMore(booking, others)}
            aria-describedby={headingId}
          >
            {t('staff.action.more')}
          </button>
        ) : null}
      </span>
    </article>
  );
}
