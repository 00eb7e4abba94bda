/**
 * The tracking page's first api/booking/get. The page's boot script (src/boot/tracking-first-view.ts) starts it before
 * any island loads, so the first view can draw the booking early; the island then takes the same answer over instead
 * of asking again. The boot script is built on its own, so the hand-over goes through a global, not module state.
 */
import { sendApiRequest } from './api-client.ts';

/** What api/booking/get names. */
export interface BookingRead {
  token: string;
  merchantSlug: string;
  lang: string;
}

interface StartedRead {
  key: string;
  sent: Promise<Response>;
}

declare global {
  // The read the boot script started, until the island takes it.
  var couvertFirstBookingRead: StartedRead | undefined;
}

const keyOf = ({ token, merchantSlug, lang }: BookingRead) => JSON.stringify([token, merchantSlug, lang]);

/** Sends api/booking/get for this read (once) and resolves to a copy of the response, leaving the original to take. */
export function startFirstBookingRead(read: BookingRead): Promise<Response> {
  const key = keyOf(read);
  let started = globalThis.couvertFirstBookingRead;
  if (started?.key !== key) {
    started = {
      key,
      sent: sendApiRequest('/api/booking/get', { method: 'POST', json: { token: read.token, merchant_slug: read.merchantSlug, lang: read.lang } }),
    };
    globalThis.couvertFirstBookingRead = started;
  }
  // Cloned in the first reaction to the response, before whoever takes it reads the body.
  return started.sent.then((response) => response.clone());
}

/** The response of the read started for exactly this booking and language, handed over once; else undefined. */
export function takeFirstBookingRead(read: BookingRead): Promise<Response> | undefined {
  const started = globalThis.couvertFirstBookingRead;
  if (started?.key !== keyOf(read)) return undefined;
  globalThis.couvertFirstBookingRead = undefined;
  return started.sent;
}

/** Drops the read the boot script started, unread: it went without the session the island has since taken up. */
export function dropFirstBookingRead(): void {
  globalThis.couvertFirstBookingRead = undefined;
}
