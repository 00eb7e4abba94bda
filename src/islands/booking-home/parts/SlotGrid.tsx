/** The time-slot grid (4 columns on phones, 6 from 640 px): the day's times for the party and zone; unavailable ones disabled and said so. */
import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { errorMessage } from '../../../i18n/i18n.ts';
import { formatHour } from '../../../shared/hour-cycle.ts';
import { pageHour12 } from '../../../stores/merchant.ts';
import { $selection, $unlocked, chooseSlot } from '../../../stores/selection.ts';
import { $slots } from '../../../stores/slots.ts';
import { useHour12 } from '../../shared/use-hour12.ts';
import { useTranslation } from '../../shared/use-translation.ts';

const PLACEHOLDERS = Array.from({ length: 8 }, (_, i) => i);

/** Time: the last chooser, unlocked once the zone is chosen. */
export default function SlotGrid() {
  const { t, lang } = useTranslation();
  const { loading, slots, error } = useStore($slots);
  const { date, guests, slot: chosen } = useStore($selection);
  const unlocked = useStore($unlocked).slot;
  const twelve = useHour12(pageHour12(), lang);
  const hintId = useId();
  const name = useId();

  const hint = unlocked ? null : t(date === null ? 'booking.needDate' : guests === null ? 'booking.needGuests' : 'booking.needZone');
  const available = slots.filter((slot) => slot.available).length;

  return (
    <fieldset className="bh-field" disabled={!unlocked} aria-describedby={hint ? hintId : undefined} aria-busy={loading}>
      <legend className="bh-legend">{t('booking.time')}</legend>
      {hint && (
        <p id={hintId} className="bh-hint">
          {hint}
        </p>
      )}
      {unlocked && loading && (
        <div className="bh-slots" aria-hidden="true">
          {PLACEHOLDERS.map((i) => (
            <span key={i} className="bh-slot-placeholder" />
          ))}
        </div>
      )}
      {unlocked && !loading && error && (
        <p className="bh-error" role="alert">
          {errorMessage(lang, error)}
        </p>
      )}
      {unlocked && !loading && !error && available === 0 && <p className="bh-empty">{t('booking.noSlots')}</p>}
      {unlocked && !loading && slots.length > 0 && (
        <div className="bh-slots">
          {slots.map((slot) => {
            const isChosen = chosen?.timestamp === slot.timestamp;
            // The booking being changed may hold the only table at its own time: it stays choosable.
            const enabled = slot.available || isChosen;
            return (
              <label key={slot.timestamp} className="bh-slot">
                <input
                  type="radio"
                  name={name}
                  value={slot.timestamp}
                  checked={isChosen}
                  disabled={!enabled}
                  onChange={() => chooseSlot({ ...slot, available: true })}
                />
                <span className="bh-slot-face" aria-hidden="true">
                  {formatHour(slot.hour, lang, twelve)}
                </span>
                <span className="visually-hidden">
                  {enabled ? formatHour(slot.hour, lang, twelve) : t('booking.slotUnavailable', { hour: formatHour(slot.hour, lang, twelve) })}
                </span>
              </label>
            );
          })}
        </div>
      )}
      <p className="visually-hidden" aria-live="polite">
        {unlocked && !loading && !error ? t('booking.slotsCount', { count: available }) : ''}
      </p>
    </fieldset>
  );
}
