import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Booking } from '../../../src/shared/api/booking.ts';
import { $booking, discardBooking, takeBooking } from '../../../src/stores/booking.ts';
import { $hold } from '../../../src/stores/hold.ts';

// The server's clock as the browser's (fake) clock plus an offset the test sets; no call to the server.
const clock = vi.hoisted(() => ({ offsetMs: 0 }));
vi.mock('../../../src/lib/api/server-clock.ts', () => ({
  serverNow: () => Date.now() + clock.offsetMs,
  syncServerClock: () => Promise.resolve(clock.offsetMs),
}));

const START = Date.parse('2026-11-23T19:00:00Z');

/** A draft whose hold lapses `minutes` after START. */
function draftHeldFor(minutes: number, token = 'DRAFT'): Booking {
  return { token, status: null, holdExpiresAt: (START + minutes * 60_000) / 1000 } as Booking;
}

let unlisten: () => void = () => undefined;
/** An island showing the countdown (it runs while the store is listened to). */
const show = () => (unlisten = $hold.listen(() => undefined));

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
  clock.offsetMs = 0;
  discardBooking();
});

afterEach(() => {
  unlisten();
  vi.runOnlyPendingTimers();
  vi.useRealTimers();
});

describe("the draft's hold countdown", () => {
  test('it counts down on its own while shown: at each change of its text, every ten seconds in the last minute, then stops', () => {
    takeBooking(draftHeldFor(3));
    show();
    expect($hold.get()).toMatchObject({ remainingMs: 180_000, announcement: null });
    vi.advanceTimersByTime(60_100);
    expect($hold.get().remainingMs).toBeLessThanOrEqual(120_000);
    expect($hold.get().announcement).toBe('twoMinutes');
    vi.advanceTimersByTime(60_000);
    expect($hold.get().remainingMs).toBeLessThanOrEqual(60_000);
    vi.advanceTimersByTime(10_000);
    expect($hold.get().remainingMs).toBeLessThanOrEqual(50_000);
    expect($hold.get().remainingMs).toBeGreaterThan(40_000);
    vi.advanceTimersByTime(50_000);
    expect($hold.get().announcement).toBe('expired');
    expect($hold.get().remainingMs).toBeLessThanOrEqual(0);
    const over = $hold.get();
    vi.advanceTimersByTime(10 * 60_000);
    expect($hold.get()).toEqual(over);
  });

  test("it reads the server's clock, not the browser's", () => {
    takeBooking(draftHeldFor(10));
    // The browser runs four minutes ahead of the server.
    clock.offsetMs = -4 * 60_000;
    show();
    expect($hold.get().remainingMs).toBe(14 * 60_000);
  });

  test('holding the draft again restarts the countdown and its announcements', () => {
    takeBooking(draftHeldFor(1));
    show();
    vi.advanceTimersByTime(61_000);
    expect($hold.get().announcement).toBe('expired');
    takeBooking(draftHeldFor(12));
    expect($hold.get()).toMatchObject({ remainingMs: 11 * 60_000 - 1000, announcement: null });
  });

  test('a booking that is no draft holds nothing: no countdown', () => {
    takeBooking({ ...draftHeldFor(10), status: 10, holdExpiresAt: null });
    show();
    expect($hold.get()).toEqual({ expiresAtMs: null, remainingMs: null, announcement: null });
    expect($booking.get()?.status).toBe(10);
  });
});
