/** The day shown, with the previous and next days, today, Print (the day sheet), and the site's calendar for any other day (past days included), its days with bookings marked. */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { longDate } from '../../../lib/text/long-date.ts';
import type { DayRules } from '../../../lib/calendar/calendar.ts';
import type { CalendarMonth } from '../../../lib/calendar/calendar-month.ts';
import { addDaysToLocalDate } from '../../../shared/local-time.ts';
import { $staffCalendar, loadCalendarMonth } from '../../../stores/staff-book.ts';
import { useTranslation } from '../../shared/use-translation.ts';
import '../../shared/calendar.css';
import './staff-calendar.css';

const CalendarOverlay = lazy(() => import('../../shared/CalendarOverlay.tsx'));

/** Staff may open any day: two years back, two years ahead, every weekday. */
function staffDayRules(today: string): DayRules {
  return {
    today: addDaysToLocalDate(today, -730),
    shifts: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, slots: [{ id: 'all-day', start: '00:00', end: '23:59' }] })),
    closedDays: [],
    open: { today: true, tomorrow: true },
    lastDay: addDaysToLocalDate(today, 730),
  };
}

/** What the bar shows and reports. */
export interface DayBarProps {
  day: string;
  today: string | null;
  onPick: (day: string) => void;
  /** The day's printable sheet (/pro/{slug}/day-sheet?date=), linked as Print. */
  sheetHref?: string;
}

/** The day navigation. */
export default function DayBar({ day, today, onPick, sheetHref }: DayBarProps) {
  const { t, lang } = useTranslation();
  const [calendar, setCalendar] = useState(false);
  const months = useStore($staffCalendar);
  // Each month the calendar shows is read again: the marks follow the bookings taken and cancelled meanwhile.
  const onMonth = useCallback((month: CalendarMonth) => void loadCalendarMonth(`${month.year}-${String(month.month).padStart(2, '0')}`), []);
  const marks = useMemo(
    () =>
      new Map(
        Object.values(months)
          .flat()
          .map((entry) => [
            entry.day,
            {
              text: `${t('staff.calendar.bookings', { count: entry.count })}${entry.pending > 0 ? `, ${t('staff.calendar.pending', { count: entry.pending })}` : ''}`,
              strong: entry.pending > 0,
            },
          ]),
      ),
    [months, t],
  );
  return (
    <nav className="staff-daybar" aria-label={t('staff.day.nav')}>
      <button
        type="button"
        className="cv-btn cv-btn-secondary staff-icon-btn"
        onClick={() => onPick(addDaysToLocalDate(day, -1))}
        aria-label={t('staff.day.previous')}
      >
        <span aria-hidden="true">‹</span>
      </button>
      <button type="button" className="cv-btn cv-btn-secondary staff-day-label" onClick={() => setCalendar(true)} aria-haspopup="dialog">
        <span className="staff-day-text">{longDate(day, lang)}</span>
        <span className="visually-hidden">{t('staff.day.pick')}</span>
      </button>
      <button
        type="button"
        className="cv-btn cv-btn-secondary staff-icon-btn"
        onClick={() => onPick(addDaysToLocalDate(day, 1))}
        aria-label={t('staff.day.next')}
      >
        <span aria-hidden="true">›</span>
      </button>
      {today && today !== day ? (
        <button type="button" className="cv-btn cv-btn-secondary staff-today" onClick={() => onPick(today)}>
          {t('staff.day.today')}
        </button>
      ) : null}
      {sheetHref ? (
        <a className="cv-btn cv-btn-secondary staff-print" href={sheetHref}>
          {t('staff.sheet.open')}
          <span className="visually-hidden">{t('staff.sheet.openMore')}</span>
        </a>
      ) : null}
      {calendar ? (
        <Suspense fallback={null}>
          <CalendarOverlay
            rules={staffDayRules(today ?? day)}
            current={today ?? undefined}
            selected={day}
            marks={marks}
            onMonth={onMonth}
            className="staff-cal"
            onPick={(picked) => {
              setCalendar(false);
              onPick(picked);
            }}
            onClose={() => setCalendar(false)}
          />
        </Suspense>
      ) : null}
    </nav>
  );
}
