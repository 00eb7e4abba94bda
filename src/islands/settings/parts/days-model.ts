/** The special days of a definition draft, pure: what a date is, and the draft's lists after a date is set to normal, closed or special hours. */
import { isoWeekdayOf, type LocalDate } from '../../../shared/local-time.ts';
import type { DefinitionDraft, DraftSlot } from '../definition-draft.ts';

/** A special day as the definition lists it (a Couvert extension, docs/merchants.md). */
export interface DraftSpecialDay {
  date: LocalDate;
  reason?: string;
  slots: DraftSlot[];
}

/** What a date is in the draft: its weekday's hours, closed (a closed day, or a special day without slots), or special hours. */
export type DayKind = 'normal' | 'closed' | 'special';

/** A date's state in the draft: its kind, the special day's index (for error paths) and entry, if any. */
export interface DayState {
  kind: DayKind;
  index: number;
  special?: DraftSpecialDay;
  /** Closed through the contract's closedDays (no reason there). */
  closedDay: boolean;
}

/** The draft's special days (none when the field is absent or not a list). */
export function specialDaysOf(draft: DefinitionDraft): DraftSpecialDay[] {
  return Array.isArray(draft.specialDays) ? (draft.specialDays as DraftSpecialDay[]) : [];
}

/** What a date is in the draft: closedDays close it whatever its special day says. */
export function dayState(draft: DefinitionDraft, date: LocalDate): DayState {
  const days = specialDaysOf(draft);
  const index = days.findIndex((day) => day.date === date);
  const special = index >= 0 ? days[index] : undefined;
  const closedDay = (draft.closedDays ?? []).includes(date);
  const kind: DayKind = closedDay || special?.slots.length === 0 ? 'closed' : special ? 'special' : 'normal';
  return { kind, index, closedDay, ...(special ? { special } : {}) };
}

/** The weekday's usual slots of a date (what special hours start from), else one lunch. */
export function usualSlots(draft: DefinitionDraft, date: LocalDate): DraftSlot[] {
  const slots = draft.shifts.find((shift) => shift.day === isoWeekdayOf(date))?.slots ?? [];
  return slots.length > 0 ? slots.map(({ start, end }) => ({ start, end })) : [{ start: '12:00', end: '14:00' }];
}

/** The draft's closedDays and specialDays once `date` is set to `entry` (null: back to its weekday's hours), in date order. */
export function withDay(draft: DefinitionDraft, date: LocalDate, entry: DraftSpecialDay | null): { closedDays: string[]; specialDays: DraftSpecialDay[] } {
  const closedDays = (draft.closedDays ?? []).filter((day) => day !== date);
  const others = specialDaysOf(draft).filter((day) => day.date !== date);
  const specialDays = entry ? [...others, entry].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)) : others;
  return { closedDays, specialDays };
}
