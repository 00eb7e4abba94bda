/** One chosen day of the special days: its weekday's hours, closed with a reason, or special hours (slots); the book's closings that day, read-only. */
import { useId } from 'react';
import { localTimeOf, type LocalDate } from '../../../shared/local-time.ts';
import type { StaffClosing } from '../../../shared/api/staff.ts';
import { longDate } from '../../../lib/text/long-date.ts';
import { useTranslation } from '../../shared/use-translation.ts';
import type { DraftSlot } from '../definition-draft.ts';
import type { DayKind, DayState, DraftSpecialDay } from './days-model.ts';

/** What the editor shows and reports. */
export interface DayEditorProps {
  date: LocalDate;
  state: DayState;
  timezone: string;
  /** The weekday's usual slots (what special hours start from). */
  usual: DraftSlot[];
  closings: readonly StaffClosing[];
  errorAt(path: string): string | undefined;
  /** The day's new special entry; null: back to its weekday's hours. */
  onChange(entry: DraftSpecialDay | null): void;
}

/** The editor of one day. */
export default function DayEditor({ date, state, timezone, usual, closings, errorAt, onChange }: DayEditorProps) {
  const { t, lang } = useTranslation();
  const id = useId();
  const reason = state.special?.reason ?? '';
  const slots = state.special?.slots ?? [];
  const at = (path: string) => (state.index >= 0 ? errorAt(`specialDays.${state.index}${path}`) : undefined);
  const entry = (next: { reason?: string; slots?: DraftSlot[] }): DraftSpecialDay => {
    const why = next.reason ?? reason;
    return { date, ...(why ? { reason: why } : {}), slots: next.slots ?? slots };
  };
  const choose = (kind: DayKind) => {
    if (kind === 'normal') onChange(null);
    else if (kind === 'closed') onChange(entry({ slots: [] }));
    else onChange(entry({ slots: slots.length > 0 ? slots : usual }));
  };
  const setSlot = (index: number, field: keyof DraftSlot, value: string) =>
    onChange(entry({ slots: slots.map((slot, i) => (i === index ? { ...slot, [field]: value } : slot)) }));
  const time = (iso: string) => localTimeOf(new Date(iso), timezone);

  return (
    <section className="days-editor" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{longDate(date, lang)}</h3>
      <fieldset>
        <legend>{t('settings.days.kindLegend')}</legend>
        {(['normal', 'closed', 'special'] as const).map((kind) => (
          <label key={kind}>
            <input type="radio" name={`${id}-kind`} value={kind} checked={state.kind === kind} onChange={() => choose(kind)} />{' '}
            {t(`settings.days.choice.${kind}`)}
          </label>
        ))}
      </fieldset>
      {state.closedDay && <p>{t('settings.days.closedDayNote')}</p>}
      {state.kind !== 'normal' && (
        <p>
          <label htmlFor={`${id}-reason`}>{t('settings.days.reason')}</label>
          <input
            id={`${id}-reason`}
            type="text"
            maxLength={200}
            value={reason}
            aria-describedby={`${id}-reason-hint`}
            aria-invalid={at('.reason') ? true : undefined}
            onChange={(event) => onChange(entry({ reason: event.target.value, slots: state.kind === 'closed' ? [] : slots }))}
          />
          <span id={`${id}-reason-hint`}>{t('settings.days.reasonHint')}</span>
          {at('.reason') && <span className="days-error">{at('.reason')}</span>}
        </p>
      )}
      {at('.date') && <p className="days-error">{at('.date')}</p>}
      {state.kind === 'special' && (
        <fieldset>
          <legend>{t('settings.days.slots')}</legend>
          {slots.map((slot, index) => (
            <div className="days-slot" key={index}>
              {(['start', 'end'] as const).map((field) => {
                const error = at(`.slots.${index}.${field}`);
                return (
                  <p key={field}>
                    <label htmlFor={`${id}-${index}-${field}`}>{t(`settings.days.${field}`)}</label>
                    <input
                      id={`${id}-${index}-${field}`}
                      type="time"
                      value={slot[field]}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${id}-${index}-${field}-error` : undefined}
                      onChange={(event) => setSlot(index, field, event.target.value)}
                    />
                    {error && (
                      <span id={`${id}-${index}-${field}-error`} className="days-error">
                        {error}
                      </span>
                    )}
                  </p>
                );
              })}
              <button
                type="button"
                className="btn-secondary"
                aria-label={t('settings.days.removeSlot', { start: slot.start, end: slot.end })}
                disabled={slots.length === 1}
                onClick={() => onChange(entry({ slots: slots.filter((_, i) => i !== index) }))}
              >
                {t('settings.days.remove')}
              </button>
            </div>
          ))}
          <button
            type="button"
            className="btn-secondary"
            disabled={slots.length >= 12}
            onClick={() => onChange(entry({ slots: [...slots, { start: slots.at(-1)?.end ?? '12:00', end: slots.at(-1)?.end ?? '14:00' }] }))}
          >
            {t('settings.days.addSlot')}
          </button>
        </fieldset>
      )}
      {closings.length > 0 && (
        <div>
          <h4>{t('settings.days.closingsTitle')}</h4>
          <ul>
            {closings.map((closing) => (
              <li key={closing.id}>
                {closing.kind === 'day'
                  ? t('settings.days.closing.day')
                  : t(`settings.days.closing.${closing.kind}`, { from: time(closing.starts_at), until: time(closing.ends_at) })}
                {closing.note ? ` — ${closing.note}` : ''}
              </li>
            ))}
          </ul>
          <p>{t('settings.days.closingsHint')}</p>
        </div>
      )}
    </section>
  );
}
