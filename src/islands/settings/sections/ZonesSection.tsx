/** The settings' zones and tables: add, rename and remove zones and their tables, as a list a tablet can use. */
import frSettings from '../../../i18n/messages/fr/settings.json' with { type: 'json' };
import { needMessages } from '../../../i18n/i18n.ts';
import { useTranslation } from '../../shared/use-translation.ts';
import ZoneCard from '../parts/ZoneCard.tsx';
import { addZone } from '../parts/zone-edits.ts';
import '../parts/settings-parts.css';
import type { SectionProps } from '../section-props.ts';

await needMessages('settings', frSettings);

/** Zones settings. */
export default function ZonesSection({ draft, errorAt, change }: SectionProps) {
  const { t } = useTranslation();
  const zones = draft.zones;
  const names = zones.map((zone) => zone.name);
  return (
    <div className="sp-zones">
      <p className="sp-hint">{t('settings.zones.intro')}</p>
      {errorAt('zones') ? <p className="sp-error">{errorAt('zones')}</p> : null}
      {zones.map((zone, index) => (
        <ZoneCard
          key={index}
          zone={zone}
          index={index}
          zoneNames={names}
          errorAt={errorAt}
          removable={zones.length > 1}
          onChange={(next) => change(['zones', index], next)}
          onRemove={() =>
            change(
              ['zones'],
              zones.filter((_, at) => at !== index),
            )
          }
          t={t}
        />
      ))}
      <button type="button" className="cv-btn cv-btn-secondary sp-button" onClick={() => change(['zones'], addZone(zones, t('settings.zones.newZonePrefix')))}>
        {t('settings.zones.addZone')}
      </button>
    </div>
  );
}
