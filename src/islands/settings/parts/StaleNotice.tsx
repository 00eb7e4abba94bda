/** After a stale save: another save came first; what it changed, and reloading its version (ours is dropped whole). */
import { useStore } from '@nanostores/react';
import { $settings, reloadSettings } from '../../../stores/settings.ts';
import { useTranslation } from '../../shared/use-translation.ts';

const NAMED_FIELDS = new Set(['name', 'description', 'bookingDescription', 'logo', 'banner', 'theme', 'shifts', 'closedDays', 'settings', 'zones', 'staff']);

/** The notice, shown while the save is stale. */
export default function StaleNotice() {
  const { t } = useTranslation();
  const state = useStore($settings);
  if (state.save !== 'stale') return null;
  const fields = state.stale?.fields ?? [];
  const named = fields.filter((field) => NAMED_FIELDS.has(field));
  const others = fields.filter((field) => !NAMED_FIELDS.has(field));
  return (
    <div className="settings-stale" role="alert">
      <p>{state.stale?.by ? t('settings.shell.staleBy', { by: state.stale.by }) : t('settings.shell.stale')}</p>
      {fields.length > 0 ? (
        <>
          <p>{t('settings.shell.staleFields')}</p>
          <ul className="settings-stale-fields">
            {named.map((field) => (
              <li key={field}>{t(`settings.shell.fields.${field}`)}</li>
            ))}
            {others.length > 0 ? <li>{t('settings.shell.fields.other', { fields: others.join(', ') })}</li> : null}
          </ul>
        </>
      ) : null}
      <p className="settings-hint">{t('settings.shell.staleReload')}</p>
      <button type="button" className="cv-btn cv-btn-primary" onClick={() => void reloadSettings()}>
        {t('settings.shell.reload')}
      </button>
    </div>
  );
}
