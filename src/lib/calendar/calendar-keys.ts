/** Keyboard moves in the calendar grid (WAI-ARIA date picker pattern), never before the current month nor past the last bookable day's. */
import { addDaysToLocalDate, isoWeekdayOf } from '../../shared/local-time.ts';
import type { LocalDate } from '../../shared/local-time.ts';
import { addMonths, firstDayOf, monthOf } from './calendar-month.ts';

const pad2 = (n: number) => String(n).padStart(2, '0');

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The same day `count` months away, on the month's last day when it has fewer days (31 Jan + 1 month = 28/29 Feb). */
export function addMonthsToDate(date: LocalDate, count: number): LocalDate {
  const target = addMonths(monthOf(date), count);
  const day = Math.min(Number(date.slice(8, 10)), daysInMonth(target.year, target.month));
  return `${firstDayOf(target).slice(0, 8)}${pad2(day)}`;
}

/**
 * The day a key moves focus to from `date` (arrows: a day or a week; Home / End: the week's Monday / Sunday;
 * PageUp / PageDown: a month), kept on or after the first day of today's month and, given the last bookable day, on or
 * before the last day of its month; null for other keys.
 */
export function moveFocusDate(date: LocalDate, key: string, today: LocalDate, lastDay?: LocalDate): LocalDate | null {
  let next: LocalDate;
  switch (key) {
    case 'ArrowLeft':
      next = addDaysToLocalDate(date, -1);
      break;
    case 'ArrowRight':
      next = addDaysToLocalDate(date, 1);
      break;
    case 'ArrowUp':
      next = addDaysToLocalDate(date, -7);
      break;
    case 'ArrowDown':
      next = addDaysToLocalDate(date, 7);
      break;
    case 'Home':
      next = addDaysToLocalDate(date, 1 - isoWeekdayOf(date));
      break;
    case 'End':
      next = addDaysToLocalDate(date, 7 - isoWeekdayOf(date));
      break;
    case 'PageUp':
      next = addMonthsToDate(date, -1);
      break;
    case 'PageDown':
      next = addMonthsToDate(date, 1);
      break;
    default:
      return null;
  }
  const floor = firstDayOf(monthOf(today));
  if (next < floor) return floor;
  if (lastDay === undefined) return next;
  const ceiling = addDaysToLocalDate(firstDayOf(addMonths(monthOf(lastDay), 1)), -1);
  return next > ceiling ? ceiling : next;
}
