/** asap's answer when today has no table left: says so, then offers the next day with a free time in one tap. */
import { useStore } from '@nanostores/react';
import { formatHour } from '../../../shared/hour-cycle.ts';
import { longDate } from '../../../lib/text/long-date.ts';
import { pageHour12 } from '../../../stores/merchant.ts';
import { LOOK_AHEAD_DAYS } from '../../../lib/booking/next-free-day.ts';
import { $noTableToday, takeNextFreeDay } from '../../../stores/slots.ts';
import { useHour12 } from '../../shared/use-hour12.ts';
import { useTranslation } from '../../shared/use-translation.ts';
import '../../shared/buttons.css';

/** Shown under the date chooser while asap found nothing today; nothing otherwise. */
export default function NoTableToday() {
  const { t, lang } = useTranslation();
  const { status, day, slot } = useStore($noTableToday);
  const twelve = useHour12(pageHour12(), lang);
  if (status === 'idle') return null;
  return (
    <div className="bh-no-table" role="status">
      <p className="bh-no-table-lead">{t('booking.noTableToday')}</p>
      {status === 'searching' && <p className="bh-hint">{t('booking.lookingAhead')}</p>}
      {status === 'nothing' && <p className="bh-hint">{t('booking.nothingAhead', { count: LOOK_AHEAD_DAYS })}</p>}
      {status === 'found' && day && slot && (
        <button type="button" className="cv-btn cv-btn-primary bh-no-table-offer" onClick={takeNextFreeDay}>
          {t('booking.nextFreeDay', { day: longDate(day, lang), hour: formatHour(slot.hour, lang, twelve) })}
        </button>
      )}
    </div>
  );
}
