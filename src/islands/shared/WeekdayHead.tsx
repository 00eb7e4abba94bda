/** A month grid's head: the weekdays, Monday first, short in the column and long as its abbreviation's expansion. */
import { useMemo } from 'react';
import type { Locale } from 'date-fns';
import { weekdayLabels } from '../../lib/calendar/calendar-labels.ts';

/** The weekdays' row of a calendar table in `locale`. */
export default function WeekdayHead({ locale }: { locale: Locale }) {
  const weekdays = useMemo(() => ({ short: weekdayLabels(locale, 'short'), long: weekdayLabels(locale, 'long') }), [locale]);
  return (
    <thead>
      <tr>
        {weekdays.short.map((label, i) => (
          <th key={label} scope="col" abbr={weekdays.long[i]}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
