/** The card's line saying what the diner's last change of the booking was: "Modifiée par le client : 3 → 4 pers. · 19:30 → 20:00". */
import { longDate } from '../../../lib/text/long-date.ts';
import type { StaffBookingRow } from '../../../shared/api/staff.ts';
import { useTranslation } from '../../shared/use-translation.ts';
import { useBookHour } from './use-book-hour.ts';

/** One value before and after, the arrow read out as a word. */
function BeforeAfter({ before, after, to }: { before: string; after: string; to: string }) {
  return (
    <span className="staff-change-item">
      <s>{before}</s>
      <span aria-hidden="true"> → </span>
      <span className="visually-hidden"> {to} </span>
      <strong>{after}</strong>
    </span>
  );
}

/** Nothing when the diner never changed the booking; else each of party, day, time and zone that changed, before and after. */
export default function DinerChangeLine({ booking }: { booking: StaffBookingRow }) {
  const { t, lang } = useTranslation();
  const hour = useBookHour();
  const change = booking.diner_change;
  if (!change) return null;
  const { before, after } = change;
  const to = t('staff.dinerChange.to');
  const items: Array<{ key: string; before: string; after: string }> = [];
  if (before.party !== after.party) items.push({ key: 'party', before: String(before.party), after: t('staff.party', { count: after.party }) });
  if (before.day !== after.day) items.push({ key: 'day', before: longDate(before.day, lang), after: longDate(after.day, lang) });
  if (before.time !== after.time) items.push({ key: 'time', before: hour(before.time), after: hour(after.time) });
  if (before.zone.id !== after.zone.id) items.push({ key: 'zone', before: before.zone.name, after: after.zone.name });
  if (items.length === 0) return null;
  return (
    <p className="staff-booking-line staff-change">
      <span className="staff-comment-label">{t('staff.dinerChange.label')}</span>{' '}
      {items.map((item, index) => (
        <span key={item.key}>
          {index > 0 ? ' · ' : null}
          <BeforeAfter before={item.before} after={item.after} to={to} />
        </span>
      ))}
    </p>
  );
}
