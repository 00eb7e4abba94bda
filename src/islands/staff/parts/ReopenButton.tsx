import type { StaffClosing } from '../../../shared/api/staff.ts';
import { useTranslation } from '../../shared/use-translation.ts';

interface ReopenButtonProps {
  closing: StaffClosing;
  /** What the closing closes, as the screen names it (a service, a time range): the button's accessible name says it. */
  what: string;
  busy?: boolean;
  onReopen: (closing: StaffClosing) => void;
}

/** "Reopen" beside a closed service or time range, named for a screen reader by what it reopens. */
export default function ReopenButton({ closing, what, busy, onReopen }: ReopenButtonProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="cv-btn cv-btn-secondary staff-small"
      disabled={busy}
      aria-label={t('staff.closing.reopenNamed', { what })}
      onClick={() => onReopen(closing)}
    >
      {t('staff.closing.reopen')}
    </button>
  );
}
