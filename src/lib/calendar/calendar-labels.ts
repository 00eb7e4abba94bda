/** The calendar's localized labels (date-fns locales): apart from calendar.ts so the page's first JavaScript carries no date formatting. */
import { format } from 'date-fns/format';
import type { Locale } from 'date-fns';
import { WEEKDAYS_MONDAY_FIRST, type CalendarMonth } from './calendar-month.ts';

/** The weekday header, Monday first, in a date-fns locale ('narrow' M T W..., 'short' Mon Tue..., 'long'). */
export function weekdayLabels(locale: Locale, width: 'narrow' | 'short' | 'long' = 'short'): string[] {
  const pattern = width === 'narrow' ? 'EEEEE' : width === 'short' ? 'EEE' : 'EEEE';
  // 2024-01-01 was a Monday; noon UTC keeps the day the same in every zone.
  return WEEKDAYS_MONDAY_FIRST.map((_, i) => format(new Date(Date.UTC(2024, 0, 1 + i, 12)), pattern, { locale }));
}

/** The month's title, e.g. "novembre 2026", in a date-fns locale. */
export function monthTitle(month: CalendarMonth, locale: Locale): string {
  return format(new Date(month.year, month.month - 1, 15), 'LLLL yyyy', { locale });
}
