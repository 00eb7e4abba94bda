/**
 * The settings' checks before a save, at the paths the server's 422 names (`shifts.1.slots.0.end`), each as the
 * message key the form shows: hours written HH:MM, each slot ending after it starts (or past midnight, by 06:00 the
 * next day), no two slots of a day overlapping, colours written #rgb or #rrggbb.
 */
import type { DefinitionDraft } from './definition-draft.ts';
import { isLocalTime, minutesOfLocalTime } from '../../shared/local-time.ts';
import { normaliseHex } from '../../shared/colour.ts';

const DAY_MINUTES = 24 * 60;
/** The latest end, the next day, of a service running past midnight (06:00). */
const LATEST_NEXT_DAY_END = 6 * 60;

/** The message key of each check. */
export const CHECK_KEYS = {
  time: 'settings.hours.errors.time',
  endBeforeStart: 'settings.hours.errors.endBeforeStart',
  overlap: 'settings.hours.errors.overlap',
  colour: 'settings.page.errors.colour',
} as const;

// The server's own messages for the same faults, so its 422 reads like the form's checks.
const SERVER_MESSAGES: Readonly<Record<string, string>> = {
  'a time written HH:MM (00:00 to 23:59)': CHECK_KEYS.time,
  'a colour written #rgb or #rrggbb': CHECK_KEYS.colour,
};

/** The message key for a server's message the form knows, else null (the server's text is then shown). */
export function checkKeyOfServerMessage(message: string): string | null {
  return SERVER_MESSAGES[message] ?? null;
}

/** The hours' faults, by dotted path. */
export function hoursErrors(shifts: DefinitionDraft['shifts']): Record<string, string> {
  const errors: Record<string, string> = {};
  shifts.forEach((shift, index) => {
    const valid: { slot: number; from: number; to: number }[] = [];
    shift.slots.forEach((slot, at) => {
      const path = `shifts.${index}.slots.${at}`;
      const startOk = isLocalTime(slot.start.trim());
      const endOk = isLocalTime(slot.end.trim());
      if (!startOk) errors[`${path}.start`] = CHECK_KEYS.time;
      if (!endOk) errors[`${path}.end`] = CHECK_KEYS.time;
      if (!startOk || !endOk) return;
      const from = minutesOfLocalTime(slot.start.trim());
      const end = minutesOfLocalTime(slot.end.trim());
      // A late service may run past midnight (19:00-01:00, as the import allows), up to the next morning.
      const to = end < from && end <= LATEST_NEXT_DAY_END ? end + DAY_MINUTES : end;
      if (to < from) errors[`${path}.end`] = CHECK_KEYS.endBeforeStart;
      else valid.push({ slot: at, from, to });
    });
    for (const one of valid) {
      const clash = valid.some((other) => other.slot < one.slot && other.from <= one.to && one.from <= other.to);
      if (clash) errors[`shifts.${index}.slots.${one.slot}.start`] ??= CHECK_KEYS.overlap;
    }
  });
  return errors;
}

/** Every fault the form finds in the draft, by dotted path (empty when it may be sent). */
export function localErrors(draft: DefinitionDraft): Record<string, string> {
  const errors = hoursErrors(draft.shifts ?? []);
  for (const key of ['primary', 'background'] as const) {
    if (normaliseHex(draft.theme?.[key] ?? '') === null) errors[`theme.${key}`] = CHECK_KEYS.colour;
  }
  return errors;
}
