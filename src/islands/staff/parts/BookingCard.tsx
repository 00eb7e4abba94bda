/** One booking in the staff book: time, diner, party, place, status, reference, comment, phone, history and the diner's tags here, note, and its actions. */
import { displayDinerPhone } from '../../../shared/phone-display.ts';
import { telHref } from '../../../shared/tel-href.ts';
import { bookingKind, type BookAction } from '../../../lib/staff/book-view.ts';
import type { StaffBookingRow } from '../../../shared/api/staff.ts';
import { useTranslation } from '../../shared/use-translation.ts';
import BookingRemark from './BookingRemark.tsx';
import type { DialogAction } from './ActionDialog.tsx';
import DinerChangeLine from './DinerChangeLine.tsx';
import GuestBadges from './GuestBadges.tsx';
import { openStaffDialog } from '../../../stores/staff-dialog.ts';
import StatusBadge from './StatusBadge.tsx';
import { useBookHour } from './use-book-hour.ts';

/** What the card shows and what its buttons ask for. */
export interface BookingCardProps {
  booking: StaffBookingRow;
  /** Show the date too (search results span days). */
  withDate?: string;
  /** The merchant's phone: diners' phones of its country show as it dials them. */
  merchantPhone: string | null;
  /** Where the booking stands against its service (arrival, no-show and undo only during it). */
  /** What staff may do to it now, the main one first (actionsFor). */
  actions: BookAction[];
  onAction: (booking: StaffBookingRow, action: DialogAction) => void;
  /** Opens the list of the other actions. */
  onMore: (booking: StaffBookingRow, actions: DialogAction[]) => void;
}

/** A button's text: an undo names what it undoes. */
export function actionLabel(t: (key: string) => string, booking: StaffBookingRow, action: DialogAction): string {
  return t(action === 'undo' ? `staff.action.undo_${bookingKind(booking)}` : `staff.action.${action}`);
}

/** A booking's card. */
export default function BookingCard({ booking, withDate, merchantPhone, actions, onAction, onMore }: BookingCardProps) {
  const { t } = useTranslation();
  const hour = useBookHour();
  const name = `${booking.diner.firstname} ${booking.diner.lastname}`.trim() || t('staff.noName');
  const [main, ...others] = actions;
  const primary = main === 'confirm' || main === 'arrived' || main === 'finish' ? main : null;
  const rest = primary ? others : actions;
  // At the host stand: the main action, a refusal and an undo in reach, the others one tap further (More).
  const inReach = (action: DialogAction) => action === 'refuse' || action === 'undo';
  const shown = rest.length <= 1 ? rest : rest.filter(inReach);
  const more = rest.length <= 1 ? [] : rest.filter((action) => !inReach(action));
  const kind = bookingKind(booking);
  const headingId = `booking-${booking.token}`;
  return (
    <article className={`staff-booking staff-booking-${kind}`} aria-labelledby={headingId} data-token={booking.token}>
      <div className="staff-booking-time">
        {withDate ? <span className="staff-booking-date">{withDate}</span> : null}
        <span className="staff-time">{hour(booking.time)}</span>
        <span className="staff-party">{t('staff.party', { count: booking.party })}</span>
      </div>
      <div className="staff-booking-body">
        <h3 id={headingId} className="staff-booking-name">
          {name}
        </h3>
        <p className="staff-booking-line">
          <StatusBadge booking={booking} />
          <span className="staff-ref">{t('staff.ref', { ref: booking.ref })}</span>
        </p>
        <p className="staff-booking-line staff-muted">
          {booking.zone.name}
          {booking.tables.length > 0 ? ` · ${t('staff.table', { names: booking.tables.map((table) => table.name).join(', ') })}` : ''}
        </p>
        <DinerChangeLine booking={booking} />
        {booking.diner.phone ? (
          <p className="staff-booking-line">
            <a className="staff-phone" href={telHref(booking.diner.phone)}>
              {displayDinerPhone(booking.diner.phone, merchantPhone)}
            </a>
          </p>
        ) : null}
        <p className="staff-booking-line staff-history">
          {booking.history.visits > 0 ? <span className="staff-chip">{t('staff.visits', { count: booking.history.visits })}</span> : null}
          {booking.history.no_shows > 0 ? <span className="staff-chip staff-chip-warn">{t('staff.noShows', { count: booking.history.no_shows })}</span> : null}
          {booking.history.visits === 0 && booking.history.no_shows === 0 ? <span className="staff-chip">{t('staff.firstVisit')}</span> : null}
          <GuestBadges booking={booking} />
          <button
            type="button"
            className="cv-btn cv-btn-secondary staff-small staff-guest-open"
            onClick={() => openStaffDialog({ kind: 'guest', booking })}
            aria-describedby={headingId}
          >
            {t('staff.guest.open')}
          </button>
        </p>
        <BookingRemark kind="comment" text={booking.comment} />
        {booking.cancel_reason ? (
          <p className="staff-booking-line staff-muted">
            {t(`staff.reason.${booking.cancel_reason}`, { defaultValue: booking.cancel_reason })}
            {booking.cancel_message ? ` — ${booking.cancel_message}` : ''}
          </p>
        ) : null}
        <BookingRemark kind="note" text={booking.note} />
      </div>
      <div className="staff-booking-actions">
        {primary ? (
          <button type="button" className="cv-btn cv-btn-primary" onClick={() => onAction(booking, primary)} aria-describedby={headingId}>
            {t(`staff.action.${primary}`)}
          </button>
        ) : null}
        {shown.map((action) => (
          <button
            key={action}
            type="button"
            className={`cv-btn cv-btn-secondary staff-small${action === 'refuse' || action === 'cancel' || action === 'no_show' ? ' staff-btn-danger-text' : ''}`}
            onClick={() => onAction(booking, action)}
            aria-describedby={headingId}
          >
            {actionLabel(t, booking, action)}
          </button>
        ))}
        {more.length > 0 ? (
          <button type="button" className="cv-btn cv-btn-secondary staff-small" onClick={() => onMore(booking, more)} aria-describedby={headingId}>
            {t('staff.action.more')}
          </button>
        ) : null}
      </div>
    </article>
  );
}
