/** The settings' Hours section: each ISO weekday's openings (start to last seating), none for a closed day; faults beside each time. */
import type { DraftSlot } from '../definition-draft.ts';
import type { SectionProps } from '../section-props.ts';
import { useTranslation } from '../../shared/use-translation.ts';
import FieldError from '../parts/FieldError.tsx';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
// A new day's first opening is lunch, its second dinner; a third starts blank.
const NEW_SLOTS: DraftSlot[] = [
  { start: '12:00', end: '14:00' },
  { start: '19:00', end: '22:00' },
];

/** The weekday's name (1 is Monday) in the page's language; 2024-01-01 was a Monday. */
function weekdayName(day: number, lang: string): string {
  return new Intl.DateTimeFormat(lang, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, 0, day));
}

/** One time of a slot, with its fault. */
function TimeField(props: { id: string; label: string; value: string; error: string | undefined; onChange(value: string): void }) {
  return (
    <div className="settings-time">
      <label className="settings-time-label" htmlFor={props.id}>
        {props.label}
      </label>
      <input
        id={props.id}
        className="settings-input settings-time-input"
        value={props.value}
        inputMode="numeric"
        placeholder="HH:MM"
        maxLength={5}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${props.id}-error` : undefined}
        onChange={(event) => props.onChange(event.target.value)}
      />
      <FieldError id={`${props.id}-error`} message={props.error} />
    </div>
  );
}

/** Hours settings. */
export default function HoursSection(props: SectionProps) {
  const { t, lang } = useTranslation();
  const shifts = props.draft.shifts ?? [];

  const addSlot = (day: number) => {
    const index = shifts.findIndex((shift) => shift.day === day);
    if (index === -1) {
      props.change(['shifts'], [...shifts, { day, slots: [NEW_SLOTS[0]!] }]);
      return;
    }
    const slots = shifts[index]!.slots;
    props.change(['shifts', index, 'slots'], [...slots, NEW_SLOTS[slots.length] ?? { start: '', end: '' }]);
  };

  return (
    <div className="settings-section">
      <p className="settings-hint">{t('settings.hours.intro')}</p>
      <ul className="settings-days">
        {WEEKDAYS.map((day) => {
          const index = shifts.findIndex((shift) => shift.day === day);
          const slots = index === -1 ? [] : shifts[index]!.slots;
          const name = weekdayName(day, lang);
          return (
            <li key={day} className="settings-day">
              <h3 className="settings-day-name" id={`settings-day-${day}`}>
                {name}
              </h3>
              <div className="settings-day-slots">
                {slots.length === 0 ? <p className="settings-closed">{t('settings.hours.closed')}</p> : null}
                {slots.map((slot, at) => {
                  const path = `shifts.${index}.slots.${at}`;
                  const n = at + 1;
                  return (
                    <fieldset key={at} className="settings-slot">
                      <legend className="settings-slot-name">
                        {name} · {t('settings.hours.slot', { n })}
                      </legend>
                      <TimeField
                        id={`settings-${day}-${at}-start`}
                        label={t('settings.hours.start')}
                        value={slot.start}
                        error={props.errorAt(`${path}.start`) ?? props.errorAt(path)}
                        onChange={(value) => props.change(['shifts', index, 'slots', at, 'start'], value)}
                      />
                      <TimeField
                        id={`settings-${day}-${at}-end`}
                        label={t('settings.hours.end')}
                        value={slot.end}
                        error={props.errorAt(`${path}.end`)}
                        onChange={(value) => props.change(['shifts', index, 'slots', at, 'end'], value)}
                      />
                      <button
                        type="button"
                        className="cv-btn cv-btn-secondary settings-slot-remove"
                        onClick={() =>
                          props.change(
                            ['shifts', index, 'slots'],
                            slots.filter((_, other) => other !== at),
                          )
                        }
                      >
                        <span aria-hidden="true">×</span>
                        <span className="visually-hidden">{t('settings.hours.remove', { n, day: name })}</span>
                      </button>
                    </fieldset>
                  );
                })}
                <button type="button" className="cv-btn cv-btn-secondary settings-slot-add" onClick={() => addSlot(day)}>
                  + <span className="visually-hidden">{t('settings.hours.add', { day: name })}</span>
                  <span aria-hidden="true">{t('settings.hours.slot', { n: slots.length + 1 })}</span>
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
