/** The status filters of the book, each with its count; one is pressed at a time. */
import { useStore } from '@nanostores/react';
import { BOOK_FILTERS, filterCounts } from '../../../lib/pro/book-view.ts';
import type { StaffBookingRow } from '../../../shared/api/pro.ts';
import { $proFilter } from '../../../stores/pro-book.ts';
import { useTranslation } from '../../shared/use-translation.ts';

/** The filter buttons. */
export default function BookFilters({ bookings }: { bookings: StaffBookingRow[] }) {
  const { t } = useTranslation();
  const filter = useStore($proFilter);
  const counts = filterCounts(bookings);
  return (
    <div className="pro-filters" role="group" aria-label={t('pro.filter.label')}>
      {BOOK_FILTERS.filter((value) => value === 'all' || value === filter || counts[value] > 0).map((value) => (
        <button key={value} type="button" className={`pro-filter pro-filter-${value}`} aria-pressed={filter === value} onClick={() => $proFilter.set(value)}>
          {t(`pro.filter.${value}`)} <span className="pro-count">{counts[value]}</span>
        </button>
      ))}
    </div>
  );
}
