/** The settings' history: the restaurant's recorded changes, newest first (who, when, which fields; opened, before and after). */
import frSettings from '../../../i18n/messages/fr/settings.json' with { type: 'json' };
import { needMessages } from '../../../i18n/i18n.ts';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $settingsHistory, loadSettingsHistory } from '../../../stores/settings-history.ts';
import { useTranslation } from '../../shared/use-translation.ts';
import ChangeEntry from '../parts/ChangeEntry.tsx';
import '../parts/settings-parts.css';
import type { SectionProps } from '../section-props.ts';

await needMessages('settings', frSettings);

/** History settings. */
export default function HistorySection({ slug, draft }: SectionProps) {
  const { t, lang } = useTranslation();
  const history = useStore($settingsHistory);
  useEffect(() => {
    void loadSettingsHistory(slug);
  }, [slug]);
  const format = timeFormat(lang, draft.timezone);
  return (
    <div className="sp-history" aria-busy={history.status === 'loading'}>
      <button type="button" className="cv-btn cv-btn-secondary sp-button" onClick={() => void loadSettingsHistory(slug)}>
        {t('settings.history.refresh')}
      </button>
      {history.status === 'failed' ? <p className="sp-error">{t('settings.history.failed')}</p> : null}
      {history.status === 'ready' && history.changes.length === 0 ? <p className="sp-hint">{t('settings.history.empty')}</p> : null}
      <ul className="sp-list">
        {history.changes.map((change) => (
          <ChangeEntry key={`${change.revision}-${change.at}`} change={change} when={format.format(new Date(change.at))} t={t} />
        ))}
      </ul>
    </div>
  );
}

/** Dates and times in the reader's language, at the restaurant's time zone (the browser's if that one is unknown here). */
function timeFormat(lang: string, timeZone: string): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  } catch {
    return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
  }
}
