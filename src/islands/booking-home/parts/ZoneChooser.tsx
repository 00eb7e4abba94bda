/** The zone: the day's dining areas (with their images), plus 'any area' when there are several; a single one is selected for the diner. */
import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { errorMessage } from '../../../i18n/i18n.ts';
import { safeImageSrc } from '../../../shared/safe-url.ts';
import { $home } from '../../../stores/home.ts';
import { $selection, $unlocked, chooseZone } from '../../../stores/selection.ts';
import { $zones } from '../../../stores/slots.ts';
import { Photo } from '../../shared/Photo.tsx';
import { useTranslation } from '../../shared/use-translation.ts';

/** The zone id that means any area. */
export const ANY_ZONE = 'all';

/** Zone: the third chooser, unlocked by a date and a number of guests. */
export default function ZoneChooser() {
  const { t, lang } = useTranslation();
  const zonesState = useStore($zones);
  const { pageZones } = useStore($home);
  const { date, zoneId } = useStore($selection);
  const unlocked = useStore($unlocked).zone;
  const hintId = useId();
  const name = useId();

  // Until the day's zones arrive, the page's own list keeps the chooser usable.
  const loadedForDay = date !== null && !zonesState.loading && zonesState.error === null;
  const zones = loadedForDay ? zonesState.zones : pageZones;
  const options = zones.length > 1 ? [{ id: ANY_ZONE, name: t('booking.allZones'), image: null }, ...zones] : zones;
  const hint = !unlocked ? t(date === null ? 'booking.needDate' : 'booking.needGuests') : null;

  return (
    <fieldset className="bh-field" disabled={!unlocked} aria-describedby={hint ? hintId : undefined} aria-busy={zonesState.loading}>
      <legend className="bh-legend">{t('booking.zone')}</legend>
      {hint && (
        <p id={hintId} className="bh-hint">
          {hint}
        </p>
      )}
      {zonesState.error && (
        <p className="bh-error" role="alert">
          {errorMessage(lang, zonesState.error)}
        </p>
      )}
      {loadedForDay && zones.length === 0 ? (
        <p className="bh-empty">{t('booking.noZones')}</p>
      ) : (
        <div className="bh-zones">
          {options.map((zone) => {
            const image = safeImageSrc(zone.image?.path);
            return (
              <label key={zone.id} className={`bh-zone${image ? ' has-image' : ''}`}>
                <input type="radio" name={name} value={zone.id} checked={zoneId === zone.id} onChange={() => chooseZone(zone.id)} />
                <span className="bh-zone-face">
                  {image ? (
                    <Photo className="bh-zone-image" src={image} sizes="96px" alt="" width="96" height="64" loading="lazy" decoding="async" />
                  ) : (
                    <span className="bh-zone-image bh-zone-any" aria-hidden="true" />
                  )}
                  <span className="bh-zone-name">{zone.name}</span>
                </span>
              </label>
            );
          })}
        </div>
      )}
    </fieldset>
  );
}
