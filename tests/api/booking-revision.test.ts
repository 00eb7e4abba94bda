import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { bookingChannel, UPDATE_BOOKING_EVENT } from '../../src/server/realtime/booking-events.ts';
import { collectEvents, connectClient, eventually, subscribed, type Pusher } from '../realtime/support.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { adminAction, bookingOf, call, createDraft, expectOk, importFixture, unix, type Fixture } from './api-helpers.ts';

const t = useTestServer({ listen: true, demo: false });
let fixture: Fixture;
beforeAll(async () => {
  fixture = await importFixture(t, 'revision', {
    zones: [{ name: 'Salle', tables: Array.from({ length: 10 }, (_, i) => ({ name: `S${i}`, minSeats: 1, maxSeats: 4 })) }],
  });
}, 60_000);

const clients: Pusher[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.disconnect();
});

/** A pusher-js client collecting the booking's UpdateBooking events. */
async function listen(token: string): Promise<Array<{ status: number | null; revision: number }>> {
  const pusher = connectClient(Number(new URL(t.url).port), 'test-key');
  clients.push(pusher);
  await subscribed(pusher, bookingChannel(token));
  return collectEvents(pusher, bookingChannel(token), UPDATE_BOOKING_EVENT) as Array<{ status: number | null; revision: number }>;
}

const AT = unix('2026-11-25T19:30:00+01:00');

describe('the revision of a booking', () => {
  test('starts at 1 and grows by one with every write, each UpdateBooking carrying it', async () => {
    t.clock.set('2026-11-23T09:00:00Z');
    const { bearer } = await t.signIn({ phone: '+33600000101' });
    const token = await createDraft(t, { slug: fixture.slug, at: AT, zone: 'all', seats: 2, bearer });
    expect((await bookingOf(t, fixture.slug, token)).revision).toBe(1);
    const events = await listen(token);

    const writes = [
      () => t.post('/api/booking/create', { merchant_slug: fixture.slug, token, datetime: AT, booking_zone_id: 'all', client_count: 3 }, { bearer }),
      () => call(t, 'validate', fixture.slug, token, bearer),
      () => call(t, 'set_comment', fixture.slug, token, bearer, { comment: 'Une chaise haute' }),
      () => adminAction(t, token, 'confirm'),
      () => call(t, 'cancel', fixture.slug, token, bearer),
    ];
    const answered: number[] = [];
    for (const write of writes) answered.push(expectOk(await write()).body.booking.revision);

    expect(answered).toEqual([2, 3, 4, 5, 6]);
    await eventually(() => events.length === writes.length, 8000);
    expect(events.map((event) => event.revision)).toEqual([2, 3, 4, 5, 6]);
  });

  test.each([
    { what: 'a draft whose hold lapsed is released', confirm: false, after: '2026-11-23T09:30:00Z', status: null },
    { what: 'a confirmed booking whose time has passed is finished', confirm: true, after: '2026-11-25T22:00:00Z', status: 30 },
  ])('grows by one when the sweep writes it: $what, and UpdateBooking says so', async ({ confirm, after, status }) => {
    t.clock.set('2026-11-23T09:00:00Z');
    const { bearer } = await t.signIn({ phone: '+33600000102' });
    const token = await createDraft(t, { slug: fixture.slug, at: AT, zone: 'all', seats: 2, bearer });
    if (confirm) {
      expectOk(await call(t, 'validate', fixture.slug, token, bearer));
      expectOk(await adminAction(t, token, 'confirm'));
    }
    const before = (await bookingOf(t, fixture.slug, token)).revision as number;
    const events = await listen(token);

    t.clock.set(after);
    await t.server.bookings.sweep();

    await eventually(() => events.length === 1, 8000);
    expect(events[0]).toMatchObject({ status, revision: before + 1 });
    expect((await bookingOf(t, fixture.slug, token)).revision).toBe(before + 1);
  });
});
