/**
 * The nearest free times offered on Validate when the draft's table is gone: that day's, then the next open days',
 * grouped by day, one button each; one tap holds it for the same draft. Nothing free: says so and links home.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef } from 'react';
import type { Lang } from '../../../i18n/t.ts';
import type { Slot } from '../../../shared/api/slots.ts';
import { longDate } from '../../../lib/text/long-date.ts';
import { bookingHomePath } from '../../../lib/navigation/routes.ts';
import { $alternatives } from '../../../stores/alternatives.ts';
import type { Translate } from '../../shared/use-translation.ts';
import { formatHour } from '../../../shared/hour-cycle.ts';

/** What the list needs. */
export interface AlternativeTimesProps {
  t: Translate;
  lang: Lang;
  merchantSlug: string;
  /** Whether times are written on a 12-hour clock (src/shared/hour-cycle.ts). */
  hour12?: boolean;
  /** The diner tapped a time. */
  onTake: (slot: Slot) => void;
}

/** The alternatives card (nothing while none were asked for). */
export default function AlternativeTimes({ t, lang, merchantSlug, hour12 = false, onTake }: AlternativeTimesProps) {
  const state = useStore($alternatives);
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  const failed = state.error !== null;
  // A failed take rebuilds the list under the diner's finger: their focus goes to the card's title, not the page's top.
  useEffect(() => {
    if (failed) title.current?.focus();
  }, [failed]);
  if (state.status === 'idle') return null;
  const loading = state.status === 'loading';
  return (
    <section className="card trk-card trk-alternatives" aria-labelledby={titleId} aria-busy={loading}>
      <h2 id={titleId} ref={title} tabIndex={-1} className="trk-focus-target">
        {t('validate.alternatives.title')}
      </h2>
      {state.error && (
        <p className="trk-alert" role="alert">
          {t(state.error === 'no_seats_available' ? 'validate.alternatives.takenToo' : 'validate.alternatives.failed')}
        </p>
      )}
      {loading && <p className="trk-muted">{t('validate.alternatives.loading')}</p>}
      {!loading && state.days.length > 0 && (
        <>
          <p>{t('validate.alternatives.intro')}</p>
          {state.days.map((day) => {
            const dayId = `${titleId}-${day.date}`;
            return (
              <div key={day.date} role="group" aria-labelledby={dayId} className="trk-alt-day">
                <h3 id={dayId} className="trk-alt-date">
                  {longDate(day.date, lang)}
                </h3>
                <div className="trk-alt-times">
                  {day.slots.map((slot) => {
                    const taking = state.taking === slot.timestamp;
                    return (
                      <button
                        key={slot.timestamp}
                        type="button"
                        className="cv-btn cv-btn-secondary trk-alt-time"
                        // aria-disabled, not disabled: the tapped button keeps the focus while its call runs.
                        aria-disabled={state.taking !== null}
                        aria-busy={taking}
                        onClick={() => {
                          if (state.taking === null) onTake(slot);
                        }}
                      >
                        {formatHour(slot.hour, lang, hour12)}
                      </button>
                    );
                  })}
                </div>
              </div>
            );
          })}
        </>
      )}
      {!loading && state.days.length === 0 && (
        <>
          <p>{t('validate.alternatives.none')}</p>
          <a className="cv-btn cv-btn-primary" href={bookingHomePath(merchantSlug)}>
            {t('validate.alternatives.otherDate')}
          </a>
        </>
      )}
    </section>
  );
}
