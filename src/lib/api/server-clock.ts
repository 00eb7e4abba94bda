/** The server's clock as the browser sees it: an offset from GET /api/server_time applied to Date.now(). */
import type { ServerTimeResponse } from '../../shared/api/common.ts';
import { getServerTime } from './booking-api.ts';

let offsetMs = 0;

/** The offset a server time (unix seconds) implies, measured against the middle of the request's round trip. */
export function clockOffset(serverSeconds: number, sentAtMs: number, receivedAtMs: number): number {
  // The server truncates to whole seconds: its clock was somewhere in [s, s + 1).
  return serverSeconds * 1000 + 500 - (sentAtMs + receivedAtMs) / 2;
}

/** Asks the server for its time and keeps the offset; returns it (the old one stays if the call fails). */
export async function syncServerClock(fetchTime: () => Promise<ServerTimeResponse> = getServerTime, localNow: () => number = Date.now): Promise<number> {
  const sentAt = localNow();
  try {
    const { time } = await fetchTime();
    offsetMs = clockOffset(time, sentAt, localNow());
  } catch {
    // Without the server's time the local clock is the best guess left.
  }
  return offsetMs;
}

/** Milliseconds to add to the local clock to read the server's. */
export function serverClockOffset(): number {
  return offsetMs;
}

/** The server's current time in milliseconds since the epoch. */
export function serverNow(localNow: () => number = Date.now): number {
  return localNow() + offsetMs;
}

/** Forgets the offset (tests). */
export function resetServerClock(): void {
  offsetMs = 0;
}
