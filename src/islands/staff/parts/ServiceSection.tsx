/** One service of the day: its hours, whether it is closed online (with Reopen), covers per time against pacing, tables in use, and its bookings (pending first). */
import { serviceMeal, type BookAction, type ServiceGroup } from '../../../lib/staff/book-view.ts';
import type { StaffBookingRow, StaffClosing } from '../../../shared/api/staff.ts';
import { useTranslation } from '../../shared/use-translation.ts';
import { useBookHour } from './use-book-hour.ts';
import type { DialogAction } from './ActionDialog.tsx';
import BookingCard from './BookingCard.tsx';
import CompactRow from './CompactRow.tsx';
import ReopenButton from './ReopenButton.tsx';

/** What the section shows. */
export interface ServiceSectionProps {
  group: ServiceGroup;
  /** The bookings to list (the group's, filtered). */
  bookings: StaffBookingRow[];
  tables: number;
  merchantPhone: string | null;
  /** What staff may do to a booking now. */
  actionsOf: (booking: StaffBookingRow) => BookAction[];
  /** One line a booking rather than cards. */
  compact?: boolean;
  onAction: (booking: StaffBookingRow, action: DialogAction) => void;
  onMore: (booking: StaffBookingRow, actions: DialogAction[]) => void;
  /** The service's closing to online booking that day, if any. */
  closing?: StaffClosing | null;
  /** A closing is being changed: Reopen waits. */
  busy?: boolean;
  onReopen?: (closing: StaffClosing) => void;
}

/** A service's section. */
export default function ServiceSection({
  group,
  bookings,
  tables,
  merchantPhone,
  actionsOf,
  compact,
  onAction,
  onMore,
  closing,
  busy,
  onReopen,
}: ServiceSectionProps) {
  const { t } = useTranslation();
  const hour = useBookHour();
  const { service } = group;
  const title = service ? t(`staff.service.${serviceMeal(service)}`, { start: hour(service.start), end: hour(service.end) }) : t('staff.service.other');
  const covers = group.covers.reduce((sum, entry) => sum + entry.covers, 0);
  const headingId = `service-${service?.start ?? 'other'}`;
  return (
    <section className={`staff-service${closing ? ' staff-service-closed' : ''}`} aria-labelledby={headingId}>
      <header className="staff-service-head">
        <div className="staff-service-title">
          <h2 id={headingId}>
            {title}
            {closing ? <span className="staff-closed-tag">{t('staff.closing.serviceClosed')}</span> : null}
          </h2>
          {closing && onReopen ? <ReopenButton closing={closing} what={title} busy={busy} onReopen={onReopen} /> : null}
        </div>
        <p className="staff-service-stats">
          <span>{t('staff.covers', { count: covers })}</span>
          {tables > 0 ? <span>{t('staff.tablesInUse', { used: group.tablesInUse, total: tables })}</span> : null}
        </p>
      </header>
      {group.covers.length > 0 ? (
        <ul className="staff-pacing" aria-label={t('staff.pacing')}>
          {group.covers.map((entry) => (
            <li key={entry.time} className={entry.covers >= entry.max ? 'staff-pacing-full' : undefined}>
              <span className="staff-pacing-time">{hour(entry.time)}</span>
              <span className="staff-pacing-count">{t('staff.coversOf', { covers: entry.covers, max: entry.max })}</span>
              <span className="staff-pacing-bar" aria-hidden="true">
                <span style={{ width: `${Math.min(100, Math.round((entry.covers / Math.max(1, entry.max)) * 100))}%` }} />
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {bookings.length === 0 ? (
        <p className="staff-empty">{t(group.bookings.length === 0 ? 'staff.emptyService' : 'staff.emptyFiltered')}</p>
      ) : (
        <div className={compact ? 'staff-rows' : 'staff-list'}>
          {bookings.map((booking) =>
            compact ? (
              <CompactRow key={booking.token} booking={booking} actions={actionsOf(booking)} onAction={onAction} onMore={onMore} />
            ) : (
              <BookingCard
                key={booking.token}
                booking={booking}
                merchantPhone={merchantPhone}
                actions={actionsOf(booking)}
                onAction={onAction}
                onMore={onMore}
              />
            ),
          )}
        </div>
      )}
    </section>
  );
}
