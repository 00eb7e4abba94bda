/** One recorded change of the history: who, when, which fields; opened, each field's value before and after, as text. */
import type { StaffDefinitionChange } from '../../../shared/api/staff-definition.ts';
import type { Translate } from '../../shared/use-translation.ts';

/** A recorded value as text a person can read (JSON for objects and lists; never HTML). */
export function valueText(value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'string') return value || '""';
  return JSON.stringify(value, null, 2);
}

/** What an entry shows. */
export interface ChangeEntryProps {
  change: StaffDefinitionChange;
  /** The date and time as the reader's language writes them. */
  when: string;
  t: Translate;
}

/** One change, its details folded. */
export default function ChangeEntry({ change, when, t }: ChangeEntryProps) {
  const who = change.by === 'provider' ? t('settings.history.provider') : change.by;
  const fields = change.fields.map((field) => fieldLabel(field, t)).join(', ');
  return (
    <li className="sp-row">
      <details className="sp-grow">
        <summary>{t('settings.history.entry', { who, when, fields })}</summary>
        <dl>
          {change.fields.map((field) => (
            <div key={field}>
              <dt className="sp-label">{fieldLabel(field, t)}</dt>
              <dd>
                <span className="sp-hint">{t('settings.history.before')}</span>
                <pre className="sp-pre">{valueText(change.before[field])}</pre>
                <span className="sp-hint">{t('settings.history.after')}</span>
                <pre className="sp-pre">{valueText(change.after[field])}</pre>
              </dd>
            </div>
          ))}
        </dl>
      </details>
    </li>
  );
}

/** A top-level field's name in the reader's language, else the field itself. */
function fieldLabel(field: string, t: Translate): string {
  const key = `settings.history.fields.${field}`;
  const label = t(key);
  return label === key ? field : label;
}
