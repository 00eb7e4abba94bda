/** The number of guests: one choice per count from the merchant's minimum to its maximum; unlocked once a date is chosen. */
import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { $guestLimits } from '../../../stores/home.ts';
import { $selection, $unlocked, chooseGuests, guestOptions } from '../../../stores/selection.ts';
import { useTranslation } from '../../shared/use-translation.ts';

/** Guests: the second chooser. */
export default function GuestsChooser() {
  const { t } = useTranslation();
  const limits = useStore($guestLimits);
  const { guests } = useStore($selection);
  const unlocked = useStore($unlocked).guests;
  const hintId = useId();
  const name = useId();

  if (!limits) return <div className="bh-field bh-skeleton-block" aria-hidden="true" />;
  return (
    <fieldset className="bh-field" disabled={!unlocked} aria-describedby={unlocked ? undefined : hintId}>
      <legend className="bh-legend">{t('booking.guests')}</legend>
      {!unlocked && (
        <p id={hintId} className="bh-hint">
          {t('booking.needDate')}
        </p>
      )}
      <div className="bh-chips">
        {guestOptions(limits).map((count) => (
          <label key={count} className="bh-chip">
            <input type="radio" name={name} value={count} checked={guests === count} onChange={() => chooseGuests(count)} />
            <span className="bh-chip-face" aria-hidden="true">
              {count}
            </span>
            <span className="visually-hidden">{t('booking.persons', { count })}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
