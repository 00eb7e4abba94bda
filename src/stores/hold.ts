/** $hold: the time left on the held draft's table (Validate), on the server's clock, ticking while an island shows it. */
import { map, onMount } from 'nanostores';
import { serverNow, syncServerClock } from '../lib/api/server-clock.ts';
import { holdAnnouncement, nextChangeIn, type HoldAnnouncement } from '../lib/booking/hold-countdown.ts';
import { $booking } from './booking.ts';

/** The hold as the countdown shows it. */
export interface HoldState {
  /** When the hold lapses, unix ms on the server's clock; null when the booking holds nothing (not a draft). */
  expiresAtMs: number | null;
  /** Milliseconds left at the last tick (0 or less: over). */
  remainingMs: number | null;
  /** The last thing to tell a screen reader about this hold (each at most once). */
  announcement: HoldAnnouncement | null;
}

const EMPTY: HoldState = { expiresAtMs: null, remainingMs: null, announcement: null };

/** The held draft's countdown. */
export const $hold = map<HoldState>({ ...EMPTY });

// A timer lands this late after the change it waits for, so the rounded-up text has changed by then.
const SETTLE_MS = 50;

/** Reads the booking's hold against the server's clock and updates $hold; returns the milliseconds until its text changes (null: nothing to wait for). */
export function tickHold(nowMs: number = serverNow()): number | null {
  const seconds = $booking.get()?.holdExpiresAt ?? null;
  if (seconds === null) {
    $hold.set({ ...EMPTY });
    return null;
  }
  const expiresAtMs = seconds * 1000;
  const current = $hold.get();
  // A new hold (the draft was held again) starts its announcements afresh.
  const previous = current.expiresAtMs === expiresAtMs ? current.remainingMs : null;
  const remainingMs = expiresAtMs - nowMs;
  const announced = holdAnnouncement(previous, remainingMs);
  $hold.set({
    expiresAtMs,
    remainingMs,
    announcement: announced ?? (current.expiresAtMs === expiresAtMs ? current.announcement : null),
  });
  return nextChangeIn(remainingMs);
}

/** What the countdown may be given instead of the browser's timers and the server's clock (tests). */
export interface CountdownOptions {
  now?: () => number;
  syncClock?: () => Promise<unknown>;
}

/** Starts the countdown: syncs the clock, then ticks at each change of its text and whenever the booking changes; returns the stop. */
export function startHoldCountdown({ now = () => serverNow(), syncClock = () => syncServerClock() }: CountdownOptions = {}): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const tick = () => {
    clearTimeout(timer);
    if (stopped) return;
    const wait = tickHold(now());
    if (wait !== null) timer = setTimeout(tick, wait + SETTLE_MS);
  };
  tick();
  void syncClock().then(tick);
  const stopBooking = $booking.listen(tick);
  return () => {
    stopped = true;
    clearTimeout(timer);
    stopBooking();
  };
}

// While an island shows the countdown, it runs.
onMount($hold, () => startHoldCountdown());
