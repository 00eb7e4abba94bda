/** Creates booking drafts through the public calls, spreading them over the coming days so none runs out of tables. */
import type { TestServer } from './test-server.ts';

/** A draft booking as the browser holds it. */
export interface Draft {
  slug: string;
  token: string;
  /** The slot's unix time. */
  timestamp: number;
}

const cursors = new WeakMap<TestServer, number>();

/** Creates a draft for 2 guests at the first free slot from the day after the test clock's day on. */
export async function draftBooking(t: TestServer, slug = 'le-petit-zinc', bearer?: string): Promise<Draft> {
  const start = new Date(t.clock.now().getTime() + 2 * 24 * 3600 * 1000);
  for (let offset = cursors.get(t) ?? 0; offset < 60; offset++) {
    const date = new Date(start.getTime() + offset * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const slots = await t.post('/api/booking/booking_slots/get', { merchant_slug: slug, date, bookingZoneId: 'all', needed_seats: 2 });
    const slot = slots.status === 200 ? (slots.body.slots as Array<{ timestamp: number; available: boolean }>).find((s) => s.available) : undefined;
    if (!slot) {
      cursors.set(t, offset + 1);
      continue;
    }
    const created = await t.post(
      '/api/booking/create',
      { merchant_slug: slug, datetime: slot.timestamp, booking_zone_id: 'all', client_count: 2 },
      bearer ? { bearer } : {},
    );
    if (created.status !== 200) throw new Error(`create failed: ${JSON.stringify(created.body)}`);
    return { slug, token: created.body.token, timestamp: slot.timestamp };
  }
  throw new Error('no free slot in 60 days');
}
