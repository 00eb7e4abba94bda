/** The settings' one save bar: where the draft stands (saved, unsaved, saving, faults, failed), save and discard. */
import { useStore } from '@nanostores/react';
import { $settings, $settingsDirty, discardSettings, saveSettings } from '../../../stores/settings.ts';
import { useTranslation } from '../../shared/use-translation.ts';

/** The state's message key. */
function stateKey(save: string, dirty: boolean, failure: string | null): string {
  if (save === 'saving') return 'settings.shell.state.saving';
  if (save === 'invalid') return 'settings.shell.state.invalid';
  if (save === 'failed') return failure === 'forbidden' ? 'settings.shell.state.forbidden' : 'settings.shell.state.failed';
  if (dirty) return 'settings.shell.state.unsaved';
  return save === 'saved' ? 'settings.shell.state.saved' : 'settings.shell.state.clean';
}

/** The bar at the foot of the settings. */
export default function SaveBar() {
  const { t } = useTranslation();
  const state = useStore($settings);
  const dirty = useStore($settingsDirty);
  const saving = state.save === 'saving';
  const problem = state.save === 'invalid' || state.save === 'failed';
  return (
    <div className="settings-savebar" data-save={saving ? 'saving' : dirty ? 'unsaved' : state.save}>
      <p className={`settings-save-state${problem ? ' settings-save-problem' : ''}`} role="status">
        {t(stateKey(state.save, dirty, state.failure))}
      </p>
      <div className="settings-save-actions">
        <button type="button" className="cv-btn cv-btn-secondary" onClick={discardSettings} disabled={!dirty || saving}>
          {t('settings.shell.discard')}
        </button>
        <button type="button" className="cv-btn cv-btn-primary" onClick={() => void saveSettings()} disabled={!dirty || saving || state.save === 'stale'}>
          {t('settings.shell.save')}
        </button>
      </div>
    </div>
  );
}
