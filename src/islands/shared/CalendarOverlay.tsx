/** The calendar overlay (loaded on first use): month navigation, a Monday-first grid, past months and months past the booking horizon blocked, unselectable days marked. */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { LocalDate } from '../../shared/local-time.ts';
import { dayBlock, type DayRules } from '../../lib/calendar/calendar.ts';
import { canGoToNextMonth, canGoToPreviousMonth, monthGrid, monthOf, nextMonth, previousMonth, type CalendarMonth } from '../../lib/calendar/calendar-month.ts';
import { moveFocusDate } from '../../lib/calendar/calendar-keys.ts';
import { monthTitle } from '../../lib/calendar/calendar-labels.ts';
import WeekdayHead from './WeekdayHead.tsx';
import { longDate } from '../../lib/text/long-date.ts';
import { dateLocale } from '../../i18n/date-locale.ts';
import Modal from './Modal.tsx';
import { useTranslation } from './use-translation.ts';

/** What the overlay shows and reports. */
export interface CalendarOverlayProps {
  rules: DayRules;
  selected: LocalDate | null;
  onPick: (date: LocalDate) => void;
  onClose: () => void;
  /** The day marked as today (default: rules.today; the staff calendar opens past days, so its rules start earlier). */
  current?: LocalDate;
  /** Days to mark (the staff calendar: days holding bookings), with the words a screen reader adds to the day. */
  marks?: ReadonlyMap<LocalDate, { text: string; strong?: boolean }>;
  /** Told of each month shown (to read its marks). */
  onMonth?: (month: CalendarMonth) => void;
  /** Another look for the dialog (the staff calendar's larger targets). */
  className?: string;
}

function firstSelectableFrom(date: LocalDate, rules: DayRules): LocalDate {
  const month = monthOf(date);
  for (const cell of monthGrid(month).flat()) {
    if (cell.inMonth && cell.date >= date && dayBlock(cell.date, rules) === null) return cell.date;
  }
  return date;
}

/** The open calendar dialog; mounted only while open. */
export default function CalendarOverlay({ rules, selected, onPick, onClose, current = rules.today, marks, onMonth, className }: CalendarOverlayProps) {
  const { t, lang } = useTranslation();
  const titleId = useId();
  const monthId = useId();
  const start = selected && selected >= rules.today ? selected : firstSelectableFrom(rules.today, rules);
  const [focused, setFocused] = useState<LocalDate>(start);
  const [shown, setShown] = useState<CalendarMonth>(monthOf(start));
  const grid = useRef<HTMLTableElement>(null);
  const previousButton = useRef<HTMLButtonElement>(null);
  const nextButton = useRef<HTMLButtonElement>(null);
  const focusedButton = useRef<HTMLButtonElement>(null);
  // Moving focus follows the keyboard only; a click on the month arrows keeps focus on the arrow.
  const moveFocus = useRef(false);

  const locale = dateLocale(lang);
  const weeks = useMemo(() => monthGrid(shown), [shown]);

  useEffect(() => onMonth?.(shown), [onMonth, shown]);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    focusedButton.current?.focus();
  }, [focused, shown]);

  // The focused day must be one of the shown month's: month arrows carry it along.
  const showMonth = (month: CalendarMonth) => {
    setShown(month);
    const inMonth = monthGrid(month)
      .flat()
      .filter((cell) => cell.inMonth && cell.date >= rules.today);
    const day = inMonth.find((cell) => dayBlock(cell.date, rules) === null) ?? inMonth[0];
    if (day) setFocused(day.date);
  };

  const onGridKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const next = moveFocusDate(focused, event.key, rules.today, rules.lastDay);
    if (next === null) return;
    event.preventDefault();
    moveFocus.current = true;
    setFocused(next);
    const month = monthOf(next);
    if (month.year !== shown.year || month.month !== shown.month) setShown(month);
  };

  const canGoBack = canGoToPreviousMonth(shown, rules.today);
  const canGoOn = canGoToNextMonth(shown, rules.lastDay);

  // Back at the current month the previous-month button turns disabled: its focus moves on rather than getting lost.
  useEffect(() => {
    const active = document.activeElement;
    if (!canGoBack && (active === document.body || active === previousButton.current)) nextButton.current?.focus();
  }, [canGoBack]);

  // The same at the horizon's month for the next-month button.
  useEffect(() => {
    const active = document.activeElement;
    if (!canGoOn && (active === document.body || active === nextButton.current)) previousButton.current?.focus();
  }, [canGoOn]);

  return (
    <Modal open onClose={onClose} labelledBy={titleId} initialFocus={focusedButton} variant="sheet" className={className ? `cal ${className}` : 'cal'}>
      <h2 id={titleId}>{t('calendar.title')}</h2>
      <button type="button" className="modal-close" aria-label={t('common.close')} onClick={onClose}>
        <span aria-hidden="true">×</span>
      </button>
      <div className="cal-nav">
        <button
          ref={previousButton}
          type="button"
          className="cal-arrow"
          aria-label={t('calendar.previousMonth')}
          disabled={!canGoBack}
          onClick={() => showMonth(previousMonth(shown, rules.today))}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <p id={monthId} className="cal-month" aria-live="polite">
          {monthTitle(shown, locale)}
        </p>
        <button
          ref={nextButton}
          type="button"
          className="cal-arrow"
          aria-label={t('calendar.nextMonth')}
          disabled={!canGoOn}
          onClick={() => showMonth(nextMonth(shown))}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <table ref={grid} className="cal-grid" role="grid" aria-labelledby={monthId} onKeyDown={onGridKeyDown}>
        <WeekdayHead locale={locale} />
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]?.date}>
              {week.map((cell) => {
                if (!cell.inMonth) return <td key={cell.date} className="cal-out" />;
                const block = dayBlock(cell.date, rules);
                const isSelected = cell.date === selected;
                const isFocused = cell.date === focused;
                const mark = marks?.get(cell.date);
                const label = `${longDate(cell.date, lang)}${block ? `, ${t('calendar.unavailableDay')}` : ''}${mark ? `, ${mark.text}` : ''}`;
                return (
                  <td key={cell.date} aria-selected={isSelected}>
                    <button
                      ref={isFocused ? focusedButton : undefined}
                      type="button"
                      data-date={cell.date}
                      className={[
                        'cal-day',
                        block ? 'is-blocked' : '',
                        block === 'past' || block === 'beyond_horizon' ? 'is-past' : '',
                        isSelected ? 'is-selected' : '',
                        mark ? 'is-marked' : '',
                        mark?.strong ? 'is-marked-strong' : '',
                      ]
                        .filter(Boolean)
                        .join(' ')}
                      tabIndex={isFocused ? 0 : -1}
                      aria-label={label}
                      aria-disabled={block ? true : undefined}
                      aria-current={cell.date === current ? 'date' : undefined}
                      onClick={() => {
                        setFocused(cell.date);
                        if (!block) onPick(cell.date);
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
    </Modal>
  );
}
