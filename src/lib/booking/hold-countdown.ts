/** How long a draft's table is still held, as Validate shows it: whole minutes, then tens of seconds in the last minute. */

/** What the countdown shows: minutes left (rounded up), seconds left in the last minute (rounded up to tens), or over. */
export type HoldDisplay = { unit: 'minutes'; count: number } | { unit: 'seconds'; count: number } | { unit: 'expired' };

/** What a screen reader is told, once each: two minutes left (less than one when the page opens that late), and the end of the hold. */
export type HoldAnnouncement = 'twoMinutes' | 'lastMinute' | 'expired';

const MINUTE = 60_000;
const TEN_SECONDS = 10_000;
/** Below this, the diner is warned (once). */
export const WARN_AT_MS = 2 * MINUTE;

/** The countdown's text for the milliseconds left. */
export function holdDisplay(remainingMs: number): HoldDisplay {
  if (remainingMs <= 0) return { unit: 'expired' };
  if (remainingMs > MINUTE) return { unit: 'minutes', count: Math.ceil(remainingMs / MINUTE) };
  return { unit: 'seconds', count: Math.ceil(remainingMs / TEN_SECONDS) * 10 };
}

/** Milliseconds until the text changes: to the next whole minute left, in the last minute to the next ten seconds; null once over. */
export function nextChangeIn(remainingMs: number): number | null {
  if (remainingMs <= 0) return null;
  const step = remainingMs > MINUTE ? MINUTE : TEN_SECONDS;
  // The text is rounded up: it changes the moment the time left falls to a multiple of the step.
  return ((remainingMs - 1) % step) + 1;
}

/** What to announce when the time left goes from `previousMs` (null: first reading) to `remainingMs`, if anything. */
export function holdAnnouncement(previousMs: number | null, remainingMs: number): HoldAnnouncement | null {
  if (remainingMs <= 0) return previousMs === null || previousMs > 0 ? 'expired' : null;
  if (remainingMs <= MINUTE && previousMs === null) return 'lastMinute';
  if (remainingMs <= WARN_AT_MS && (previousMs === null || previousMs > WARN_AT_MS)) return 'twoMinutes';
  return null;
}
