import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { bookings } from '../../src/server/db/schema.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { adminAction, call, create, createDraft, expectError, expectOk, importFixture, unix, type Fixture } from './api-helpers.ts';

const t = useTestServer({ demo: false });
let fixture: Fixture;
beforeAll(async () => {
  fixture = await importFixture(t, 'past', {
    settings: { minLeadMinutes: 0 },
    zones: [{ name: 'Salle', tables: Array.from({ length: 30 }, (_, i) => ({ name: `S${i}`, minSeats: 1, maxSeats: 4 })) }],
  });
}, 60_000);

// Wednesday 19:30 in Paris, for 90 minutes: the meal runs from 18:30 to 20:00 UTC.
const AT = unix('2026-11-25T19:30:00+01:00');
const BEFORE = '2026-11-25T18:29:00Z';
const AT_THE_TIME = '2026-11-25T18:30:00Z';
const DURING = '2026-11-25T19:00:00Z';
const AFTER = '2026-11-25T21:00:00Z';

/** A booking of a new diner, made that morning (the diner's session lasts a day) and brought to `status`. */
async function booking(status: null | 10 | 20): Promise<{ token: string; bearer: string }> {
  t.clock.set('2026-11-25T08:00:00Z');
  const { bearer } = await t.signIn({ phone: `+3361${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}` });
  const token = await createDraft(t, { slug: fixture.slug, at: AT, zone: 'all', seats: 2, bearer });
  if (status !== null) expectOk(await call(t, 'validate', fixture.slug, token, bearer));
  if (status === 20) expectOk(await adminAction(t, token, 'confirm'));
  return { token, bearer };
}

async function storedStatus(token: string): Promise<number | null> {
  const [row] = await t.database.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.token, token));
  return row!.status;
}

type Act = (booking: { token: string; bearer: string }) => ReturnType<typeof call>;
const confirm: Act = ({ token }) => adminAction(t, token, 'confirm');
const cancel: Act = ({ token, bearer }) => call(t, 'cancel', fixture.slug, token, bearer);
const change: Act = ({ token, bearer }) => create(t, { slug: fixture.slug, token, bearer, at: AT + 7 * 24 * 3600, zone: 'all', seats: 2 });

describe('the time of a booking', () => {
  test.each([
    { who: 'the restaurant confirms', act: confirm, from: 10 as const, at: AT_THE_TIME, when: 'at its time' },
    { who: 'the restaurant confirms', act: confirm, from: 10 as const, at: AFTER, when: 'after the meal' },
    { who: 'the diner cancels', act: cancel, from: 10 as const, at: DURING, when: 'during the meal' },
    { who: 'the diner cancels', act: cancel, from: 20 as const, at: AT_THE_TIME, when: 'at its time' },
    { who: 'the diner cancels', act: cancel, from: 20 as const, at: AFTER, when: 'after the meal' },
    { who: 'the diner moves to next week', act: change, from: 20 as const, at: AFTER, when: 'after the meal' },
  ])('once come, refuses with booking_time_passed: $who a booking in status $from $when, which stays as it was', async ({ act, from, at }) => {
    const made = await booking(from);
    t.clock.set(at);
    expectError(await act(made), 409, 'booking_time_passed');
    expect(await storedStatus(made.token)).toBe(from);
  });

  test.each([
    { what: 'the restaurant confirm it a minute before', act: confirm, from: 10 as const, at: BEFORE, to: 20 },
    { what: 'the diner cancel it a minute before', act: cancel, from: 20 as const, at: BEFORE, to: 40 },
    { what: 'the diner cancel it after the meal while it is still a draft (it never held anyone to a meal)', act: cancel, from: null, at: AFTER, to: 40 },
  ])('still lets $what', async ({ act, from, at, to }) => {
    const made = await booking(from);
    t.clock.set(at);
    expectOk(await act(made));
    expect(await storedStatus(made.token)).toBe(to);
  });
});
