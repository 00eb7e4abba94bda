/** The floor's shapes both sides read: a table's place on the plan, a combination of tables, a turn time by party size. */
import type { TABLE_SHAPES } from './definition-bounds.ts';

/** A table's place on its zone's plan: x and y in percent of the plan's width and height, and its shape. */
export interface TablePlan {
  x: number;
  y: number;
  shape: (typeof TABLE_SHAPES)[number];
}

/** Tables of one zone that can be joined, by name, and the party sizes they seat together. */
export interface TableCombination {
  tables: string[];
  minSeats: number;
  maxSeats: number;
}

/** One step of settings.durationByPartySize: a party of at most upTo guests holds its table(s) for minutes. */
export interface DurationStep {
  upTo: number;
  minutes: number;
}

/** Minutes a party of partySize holds its table(s): the first step with upTo >= partySize, else bookingDurationMinutes. */
export function durationForParty(
  settings: { bookingDurationMinutes: number; durationByPartySize?: readonly DurationStep[] | undefined },
  partySize: number,
): number {
  for (const step of settings.durationByPartySize ?? []) if (step.upTo >= partySize) return step.minutes;
  return settings.bookingDurationMinutes;
}

/** The longest time any party may hold a table under these settings (what a window of holds must reach back). */
export function longestDuration(settings: { bookingDurationMinutes: number; durationByPartySize?: readonly DurationStep[] | undefined }): number {
  return Math.max(settings.bookingDurationMinutes, ...(settings.durationByPartySize ?? []).map((step) => step.minutes));
}
