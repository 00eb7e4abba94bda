/** The date chooser: Today and Tomorrow when the merchant is open then, and a button opening the calendar overlay (loaded on first use). */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useState } from 'react';
import type { Lang } from '../../../i18n/t.ts';
import type { LocalDate } from '../../../shared/local-time.ts';
import { quickDates } from '../../../lib/calendar/calendar.ts';
import { longDate } from '../../../lib/text/long-date.ts';
import { $dayRules, forgetPresetTime } from '../../../stores/home.ts';
import { $selection, chooseDate } from '../../../stores/selection.ts';
import { useTranslation } from '../../shared/use-translation.ts';
import '../../shared/calendar.css';

const loadCalendar = () => import('../../shared/CalendarOverlay.tsx');
// The overlay (and date-fns' locales) stay out of the page's first JavaScript.
const CalendarOverlay = lazy(loadCalendar);

const INTL_LOCALES: Record<Lang, string> = { fr: 'fr-FR', en: 'en-GB', es: 'es-ES', it: 'it-IT' };
const shortDateFormats = new Map<Lang, Intl.DateTimeFormat>();

function shortDate(date: LocalDate, lang: Lang): string {
  let format = shortDateFormats.get(lang);
  if (!format) {
    // A calendar day, not an instant: formatted at UTC midnight in UTC.
    format = new Intl.DateTimeFormat(INTL_LOCALES[lang], { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' });
    shortDateFormats.set(lang, format);
  }
  return format.format(new Date(`${date}T00:00:00Z`));
}

/** Date: the first of the four choosers, always unlocked. */
export default function DateChooser() {
  const { t, lang } = useTranslation();
  const rules = useStore($dayRules);
  const { date } = useStore($selection);
  const [open, setOpen] = useState(false);

  if (!rules) return <div className="bh-field bh-skeleton-block" aria-hidden="true" />;
  const quick = quickDates(rules);
  const pick = (value: LocalDate) => {
    forgetPresetTime();
    chooseDate(value);
  };
  const other = date !== null && date !== quick.today && date !== quick.tomorrow ? date : null;

  return (
    <fieldset className="bh-field">
      <legend className="bh-legend">{t('booking.date')}</legend>
      <div className="bh-dates">
        {quick.today && (
          <button type="button" className="bh-date" aria-pressed={date === quick.today} onClick={() => pick(quick.today!)}>
            <span className="bh-date-main">{t('booking.today')}</span>
            <span className="bh-date-sub">{shortDate(quick.today, lang)}</span>
          </button>
        )}
        {quick.tomorrow && (
          <button type="button" className="bh-date" aria-pressed={date === quick.tomorrow} onClick={() => pick(quick.tomorrow!)}>
            <span className="bh-date-main">{t('booking.tomorrow')}</span>
            <span className="bh-date-sub">{shortDate(quick.tomorrow, lang)}</span>
          </button>
        )}
        <button
          type="button"
          className="bh-date bh-date-other"
          aria-haspopup="dialog"
          aria-pressed={other !== null}
          onClick={() => setOpen(true)}
          onPointerEnter={() => void loadCalendar()}
          onFocus={() => void loadCalendar()}
        >
          <span className="bh-date-icon" aria-hidden="true" />
          <span className="bh-date-main">{other ? longDate(other, lang) : t('booking.otherDate')}</span>
        </button>
      </div>
      {date && !other && (
        <p className="bh-chosen" aria-live="polite">
          {longDate(date, lang)}
        </p>
      )}
      {open && (
        <Suspense fallback={null}>
          <CalendarOverlay
            rules={rules}
            selected={date}
            onClose={() => setOpen(false)}
            onPick={(value) => {
              pick(value);
              setOpen(false);
            }}
          />
        </Suspense>
      )}
    </fieldset>
  );
}
