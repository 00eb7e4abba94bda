/** The special days' month: a Monday-first grid (role grid, arrow keys) marking closed days, special hours and the book's closings. */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { LocalDate } from '../../../shared/local-time.ts';
import { canGoToPreviousMonth, monthGrid, monthOf, nextMonth, previousMonth, type CalendarMonth } from '../../../lib/calendar/calendar-month.ts';
import { moveFocusDate } from '../../../lib/calendar/calendar-keys.ts';
import { monthTitle } from '../../../lib/calendar/calendar-labels.ts';
import WeekdayHead from '../../shared/WeekdayHead.tsx';
import { longDate } from '../../../lib/text/long-date.ts';
import { dateLocale } from '../../../i18n/date-locale.ts';
import { useTranslation } from '../../shared/use-translation.ts';
import type { DayKind } from './days-model.ts';
import '../../shared/calendar.css';
import './days.css';

/** What the month shows and reports. */
export interface DaysCalendarProps {
  /** Merchant-local today: the first day that may be chosen. */
  today: LocalDate;
  selected: LocalDate | null;
  /** What each date is in the draft. */
  kindOf: (date: LocalDate) => DayKind;
  /** Dates with a closing made in the book. */
  closingDates: ReadonlySet<LocalDate>;
  onSelect: (date: LocalDate) => void;
}

/** The month grid; a day's button names the date and what it is. */
export default function DaysCalendar({ today, selected, kindOf, closingDates, onSelect }: DaysCalendarProps) {
  const { t, lang } = useTranslation();
  const monthId = useId();
  const [focused, setFocused] = useState<LocalDate>(selected ?? today);
  const [shown, setShown] = useState<CalendarMonth>(monthOf(selected ?? today));
  const focusedButton = useRef<HTMLButtonElement>(null);
  // Focus follows the keyboard only; a click on a month arrow keeps focus on the arrow.
  const moveFocus = useRef(false);
  const locale = dateLocale(lang);
  const weeks = useMemo(() => monthGrid(shown), [shown]);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    focusedButton.current?.focus();
  }, [focused, shown]);

  const showMonth = (month: CalendarMonth) => {
    setShown(month);
    const first = monthGrid(month)
      .flat()
      .find((cell) => cell.inMonth && cell.date >= today);
    if (first) setFocused(first.date);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const next = moveFocusDate(focused, event.key, today);
    if (next === null || next < today) return;
    event.preventDefault();
    moveFocus.current = true;
    setFocused(next);
    const month = monthOf(next);
    if (month.year !== shown.year || month.month !== shown.month) setShown(month);
  };

  return (
    <div className="days-calendar">
      <div className="cal-nav">
        <button
          type="button"
          className="cal-arrow"
          aria-label={t('settings.days.previousMonth')}
          disabled={!canGoToPreviousMonth(shown, today)}
          onClick={() => showMonth(previousMonth(shown, today))}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <p id={monthId} className="cal-month" aria-live="polite">
          {monthTitle(shown, locale)}
        </p>
        <button type="button" className="cal-arrow" aria-label={t('settings.days.nextMonth')} onClick={() => showMonth(nextMonth(shown))}>
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <table className="cal-grid" role="grid" aria-labelledby={monthId} onKeyDown={onKeyDown}>
        <WeekdayHead locale={locale} />
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]?.date}>
              {week.map((cell) => {
                if (!cell.inMonth) return <td key={cell.date} className="cal-out" />;
                const past = cell.date < today;
                const kind = kindOf(cell.date);
                const closing = closingDates.has(cell.date);
                const words = [
                  longDate(cell.date, lang),
                  kind === 'normal' ? '' : t(`settings.days.kind.${kind}`),
                  closing ? t('settings.days.closingMark') : '',
                ].filter(Boolean);
                return (
                  <td key={cell.date} aria-selected={cell.date === selected}>
                    <button
                      ref={cell.date === focused ? focusedButton : undefined}
                      type="button"
                      data-date={cell.date}
                      className={[
                        'cal-day',
                        `days-${kind}`,
                        past ? 'is-blocked is-past' : '',
                        closing ? 'days-closing' : '',
                        cell.date === selected ? 'is-selected' : '',
                      ]
                        .filter(Boolean)
                        .join(' ')}
                      tabIndex={cell.date === focused ? 0 : -1}
                      aria-label={words.join(', ')}
                      aria-disabled={past ? true : undefined}
                      aria-current={cell.date === today ? 'date' : undefined}
                      onClick={() => {
                        setFocused(cell.date);
                        if (!past) onSelect(cell.date);
                      }}
                      onKeyDown={(event) => {
                        if ((event.key === 'Enter' || event.key === ' ') && !past) {
                          event.preventDefault();
                          onSelect(cell.date);
                        }
                      }}
                    >
                      {Number(cell.date.slice(8, 10))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="days-legend">
        <li className="days-closed">{t('settings.days.kind.closed')}</li>
        <li className="days-special">{t('settings.days.kind.special')}</li>
        <li className="days-closing">{t('settings.days.closingMark')}</li>
      </ul>
    </div>
  );
}
