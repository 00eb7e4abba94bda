/** BookingHome's query presets (spec sections 2, 4, 5): token, seats, asap, when and lang; the address is read by parse-presets.ts. */
import { localDateOf, localToInstant, startOfLocalDay } from '../../shared/local-time.ts';
import type { Lang } from '../../i18n/t.ts';
import type { Slot } from '../../shared/api/slots.ts';
import type { LocalDate, LocalTime } from '../../shared/local-time.ts';

/** A `when` value read: a merchant-local day and time, or an instant (when it names its offset). */
export type WhenValue = { kind: 'local'; date: LocalDate; time: LocalTime | null } | { kind: 'instant'; ms: number };

/** Everything BookingHome's address may preset; null (or false) when absent or invalid. */
export interface BookingPresets {
  /** An existing booking to edit. */
  token: string | null;
  /** Guests: an integer greater than 0. */
  seats: number | null;
  /** asap=1: today and the first available slot from now. */
  asap: boolean;
  when: WhenValue | null;
  /** Overrides the stored language. */
  lang: Lang | null;
}

/** A day to open and the earliest time (unix seconds) whose slot may be picked on it. */
export interface PresetTarget {
  date: LocalDate;
  atOrAfter: number;
  /** Only that very time, when still free (choices kept over a reload), never a later one. */
  exact?: boolean;
}

/** The day and earliest time the presets ask for (asap first, then when), or null when neither is set. */
export function presetTarget(presets: Pick<BookingPresets, 'asap' | 'when'>, nowMs: number, timezone: string): PresetTarget | null {
  if (presets.asap) return { date: localDateOf(new Date(nowMs), timezone), atOrAfter: Math.floor(nowMs / 1000) };
  const when = presets.when;
  if (!when) return null;
  if (when.kind === 'instant') return { date: localDateOf(new Date(when.ms), timezone), atOrAfter: Math.floor(when.ms / 1000) };
  const at = when.time ? localToInstant(when.date, when.time, timezone) : null;
  // No time (or one skipped by a DST change): from the start of that day.
  const from = at ?? startOfLocalDay(when.date, timezone);
  return { date: when.date, atOrAfter: Math.floor(from.getTime() / 1000) };
}

/** The slot a preset picks: the exact time if available, else the next available one after it; null if none. */
export function pickPresetSlot(slots: readonly Slot[], atOrAfter: number): Slot | null {
  const candidates = slots.filter((slot) => slot.available && slot.timestamp >= atOrAfter);
  candidates.sort((a, b) => a.timestamp - b.timestamp);
  return candidates[0] ?? null;
}
