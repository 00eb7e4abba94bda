/** The settings' booking rules: party sizes, lead time, horizon, duration, interval, pacing, reminders, confirmation and where the restaurant's messages go. */
import frSettings from '../../../i18n/messages/fr/settings.json' with { type: 'json' };
import { needMessages } from '../../../i18n/i18n.ts';
import { MAX_REMINDERS, REMINDER_HOURS_BOUNDS, SETTING_BOUNDS, isWholeIn, type BoundedSetting } from '../../../shared/definition-bounds.ts';
import { useTranslation, type Translate } from '../../shared/use-translation.ts';
import CheckSetting from '../parts/CheckSetting.tsx';
import NotificationSettings from '../parts/NotificationSettings.tsx';
import NumberSetting from '../parts/NumberSetting.tsx';
import { hoursOf } from '../parts/list-text.ts';
import { useLineText } from '../parts/use-line-text.ts';
import '../parts/settings-parts.css';
import type { SectionProps } from '../section-props.ts';

await needMessages('settings', frSettings);

/** The number settings in the order shown, with the unit each is counted in. */
const NUMBERS: readonly { key: BoundedSetting; unit: 'guests' | 'minutes' | 'days' }[] = [
  { key: 'minClientsPerBookings', unit: 'guests' },
  { key: 'maxClientsPerBookings', unit: 'guests' },
  { key: 'minLeadMinutes', unit: 'minutes' },
  { key: 'bookingHorizonDays', unit: 'days' },
  { key: 'bookingDurationMinutes', unit: 'minutes' },
  { key: 'slotIntervalMinutes', unit: 'minutes' },
  { key: 'maxCoversPerSlot', unit: 'guests' },
  { key: 'keepTableDuration', unit: 'minutes' },
];

/** The local message of reminder hours the import would refuse, else undefined. */
export function remindersError(hours: readonly number[], t: Translate): string | undefined {
  if (hours.length > MAX_REMINDERS) return t('settings.rules.tooManyReminders', { max: MAX_REMINDERS });
  if (hours.some((hour) => !isWholeIn(hour, REMINDER_HOURS_BOUNDS)))
    return t('settings.rules.range', { min: REMINDER_HOURS_BOUNDS[0], max: REMINDER_HOURS_BOUNDS[1] });
  return undefined;
}

/** Rules settings. */
export default function RulesSection({ draft, errorAt, change }: SectionProps) {
  const { t } = useTranslation();
  const settings = draft.settings;
  const at = (key: string) => errorAt(`settings.${key}`);
  const partyError =
    isWholeIn(settings.minClientsPerBookings, SETTING_BOUNDS.minClientsPerBookings) && settings.minClientsPerBookings > settings.maxClientsPerBookings
      ? t('settings.rules.minOverMax')
      : undefined;
  const reminderHours = Array.isArray(settings.reminderHours) ? (settings.reminderHours as number[]) : [];
  const reminders = remindersError(reminderHours, t) ?? at('reminderHours');
  const [hoursText, setHoursText] = useLineText(reminderHours.join(', '), (text) => hoursOf(text).join(', '));
  return (
    <div className="sp-rules">
      <div className="sp-fields">
        {NUMBERS.map(({ key, unit }) => (
          <NumberSetting
            key={key}
            id={`rules-${key}`}
            label={t(`settings.rules.${key}`)}
            unit={t(`settings.rules.units.${unit}`)}
            value={settings[key]}
            bounds={SETTING_BOUNDS[key]}
            error={at(key) ?? (key === 'minClientsPerBookings' ? partyError : undefined)}
            onChange={(value) => change(['settings', key], value)}
            t={t}
          />
        ))}
        <div className="sp-field">
          <label className="sp-label" htmlFor="rules-reminderHours">
            {t('settings.rules.reminderHours')}
          </label>
          <input
            id="rules-reminderHours"
            inputMode="numeric"
            value={hoursText}
            aria-invalid={reminders ? true : undefined}
            onChange={(event) => {
              setHoursText(event.target.value);
              change(['settings', 'reminderHours'], hoursOf(event.target.value));
            }}
          />
          <p className="sp-hint">{t('settings.rules.reminderHoursHint')}</p>
          {reminders ? <p className="sp-error">{reminders}</p> : null}
        </div>
      </div>
      <div className="sp-fields">
        <CheckSetting
          id="rules-bookingEnabled"
          label={t('settings.rules.bookingEnabled')}
          checked={draft.bookingEnabled !== false}
          error={errorAt('bookingEnabled')}
          onChange={(checked) => change(['bookingEnabled'], checked)}
        />
        <CheckSetting
          id="rules-autoConfirm"
          label={t('settings.rules.autoConfirm')}
          checked={settings.autoConfirm}
          error={at('autoConfirm')}
          onChange={(checked) => change(['settings', 'autoConfirm'], checked)}
        />
        <CheckSetting
          id="rules-showZone"
          label={t('settings.rules.showZone')}
          checked={settings.showZone}
          error={at('showZone')}
          onChange={(checked) => change(['settings', 'showZone'], checked)}
        />
      </div>
      <NotificationSettings draft={draft} errorAt={errorAt} change={change} t={t} />
    </div>
  );
}
