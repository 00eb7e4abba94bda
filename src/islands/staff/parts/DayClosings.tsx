/** The day's closings above its services: a banner when the whole day is closed online, and the time ranges stopped, each with Reopen. */
import { longDate } from '../../../lib/text/long-date.ts';
import { rangeOnClock, type DayClosings as Closings } from '../../../lib/staff/closing-view.ts';
import type { StaffClosing } from '../../../shared/api/staff.ts';
import { useTranslation } from '../../shared/use-translation.ts';
import ReopenButton from './ReopenButton.tsx';
import { useBookHour } from './use-book-hour.ts';

/** What the closings show. */
export interface DayClosingsProps {
  closings: Closings;
  /** The day shown, merchant-local: a range's end on another day is written with its date. */
  day: string;
  timezone: string;
  busy: boolean;
  /** Reopens a closing; absent for a role that may not change closings (a host), who sees them without the buttons. */
  onReopen?: (closing: StaffClosing) => void;
}

/** The banner and the ranges; nothing when neither is there. */
export default function DayClosings({ closings, day, timezone, busy, onReopen }: DayClosingsProps) {
  const { t, lang } = useTranslation();
  const hour = useBookHour();
  if (!closings.day && closings.ranges.length === 0) return null;
  const moment = (at: { day: string; time: string }) => (at.day === day ? hour(at.time) : `${longDate(at.day, lang)} ${hour(at.time)}`);
  return (
    <div className="staff-closings">
      {closings.day ? (
        <section className="staff-closed-day" aria-labelledby="staff-closed-day-title">
          <div>
            <h2 id="staff-closed-day-title">{t('staff.closing.dayClosed')}</h2>
            <p>{t('staff.closing.dayClosedHint')}</p>
          </div>
          {onReopen ? (
            <button type="button" className="cv-btn cv-btn-secondary staff-small" disabled={busy} onClick={() => onReopen(closings.day!)}>
              {t('staff.closing.reopenDay')}
            </button>
          ) : null}
        </section>
      ) : null}
      {closings.ranges.length > 0 ? (
        <ul className="staff-closed-ranges" aria-label={t('staff.closing.ranges')}>
          {closings.ranges.map((closing) => {
            const { start, end } = rangeOnClock(closing, timezone);
            const text = t('staff.closing.range', { start: moment(start), end: moment(end) });
            return (
              <li key={closing.id}>
                <span>{text}</span>
                {onReopen ? <ReopenButton closing={closing} what={text} busy={busy} onReopen={onReopen} /> : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
