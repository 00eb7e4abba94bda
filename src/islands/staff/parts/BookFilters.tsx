/** The status filters of the book, each with its count; one is pressed at a time. */
import { useStore } from '@nanostores/react';
import { BOOK_FILTERS, filterCounts } from '../../../lib/staff/book-view.ts';
import type { StaffBookingRow } from '../../../shared/api/staff.ts';
import { $staffFilter } from '../../../stores/staff-book.ts';
import { useTranslation } from '../../shared/use-translation.ts';

/** The filter buttons. */
export default function BookFilters({ bookings }: { bookings: StaffBookingRow[] }) {
  const { t } = useTranslation();
  const filter = useStore($staffFilter);
  const counts = filterCounts(bookings);
  return (
    <div className="staff-filters" role="group" aria-label={t('staff.filter.label')}>
      {BOOK_FILTERS.filter((value) => value === 'all' || value === filter || counts[value] > 0).map((value) => (
        <button
          key={value}
          type="button"
          className={`staff-filter staff-filter-${value}`}
          aria-pressed={filter === value}
          onClick={() => $staffFilter.set(value)}
        >
          {t(`staff.filter.${value}`)} <span className="staff-count">{counts[value]}</span>
        </button>
      ))}
    </div>
  );
}
