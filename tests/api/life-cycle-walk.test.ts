/**
 * The life-cycle table walked through the API: every action from every state, at two moments (the afternoon
 * before the booking, and a quarter of an hour into it), either succeeds with the table's next state and the
 * booking's next revision, or answers the table's error code and leaves the booking as it was. The server's own
 * actions run through what their jobs call, the clock standing at the moment: both moments are hours past the
 * drafts' holds, taken in the morning.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { bookings } from '../../src/server/db/schema.ts';
import { LIFE_STATES, lifeStateOf, transition, type Actor, type LifeAction, type LifeState } from '../../src/shared/booking-life-cycle.ts';
import type { Answer } from '../support/test-server.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { adminAction, call, create, expectOk, fixtureMerchant, uniqueSlug, unix } from './api-helpers.ts';

const t = useTestServer({ demo: false, now: '2026-11-25T09:00:00Z' });

const PARIS = 'Europe/Paris';
// The booking: Wednesday 25 November 2026, 19:30 in Paris (18:30 UTC), 90 minutes.
const AT = unix('2026-11-25T19:30:00+01:00');
const BOOKING = { startsAt: new Date(AT * 1000), endsAt: new Date((AT + 90 * 60) * 1000), localDate: '2026-11-25' };
const BUILT = '2026-11-25T09:00:00Z';
const SEATED = '2026-11-25T18:35:00Z';
const MOMENTS = { afternoonBefore: '2026-11-25T15:00:00Z', inService: '2026-11-25T18:45:00Z' } as const;
type Moment = keyof typeof MOMENTS;

let slug = '';
let staff = '';

beforeAll(async () => {
  slug = uniqueSlug('walk');
  const who = { email: `host@${slug}.example`, password: `the passphrase of ${slug}` };
  // Enough tables and covers for every booking of the walk at the same time.
  const tables = Array.from({ length: 240 }, (_, i) => ({ name: `W${i}`, minSeats: 1, maxSeats: 2 }));
  await t.importMerchant({ ...fixtureMerchant(slug, { zones: [{ name: 'Salle', tables }], settings: { maxCoversPerSlot: 1000 } }), staff: [who] });
  staff = expectOk(await t.post('/api/pro/auth/login', who)).body.access_token as string;
}, 60_000);

const act = (token: string, action: string, body: Record<string, unknown> = {}) =>
  t.post(`/api/pro/${slug}/bookings/${token}/${action}`, body, { bearer: staff });

/** A booking as stored: its state and revision. */
async function stored(token: string): Promise<{ id: string; state: LifeState; revision: number; startsAt: Date; holdsTable: boolean }> {
  const [row] = await t.database.db.select().from(bookings).where(eq(bookings.token, token));
  if (!row) throw new Error(`no booking ${token}`);
  return {
    id: row.id,
    state: lifeStateOf({ status: row.status, arrived: row.arrivedAt, noShow: row.noShowAt }),
    revision: row.revision,
    startsAt: row.startsAt,
    holdsTable: row.holdsTable,
  };
}

/** A booking of a new diner brought to `state` through the calls that lead there. */
async function bookingIn(state: LifeState): Promise<{ token: string; bearer: string }> {
  t.clock.set(BUILT);
  const { bearer } = await t.signIn();
  const token = expectOk(await create(t, { slug, at: AT, zone: 'all', seats: 1, bearer })).body.token as string;
  if (state !== 'draft') expectOk(await call(t, 'validate', slug, token, bearer));
  if (state === 'refused') expectOk(await act(token, 'refuse', { reason: 'restaurant_full' }));
  if (state === 'cancelled') expectOk(await call(t, 'cancel', slug, token, bearer));
  if (['confirmed', 'arrived', 'no_show', 'finished'].includes(state)) expectOk(await act(token, 'confirm'));
  t.clock.set(SEATED);
  if (state === 'arrived' || state === 'finished') expectOk(await act(token, 'arrived'));
  if (state === 'finished') expectOk(await act(token, 'finish'));
  if (state === 'no_show') expectOk(await act(token, 'no_show'));
  expect((await stored(token)).state).toBe(state);
  return { token, bearer };
}

// A booking an action refused is as it was: the next case from its state takes it again instead of building another.
// Not a no-show's or a finished one: the table it freed may be taken since, and its undo would find no seat.
const unchanged = new Map<LifeState, Array<{ token: string; bearer: string }>>();
const FREED: ReadonlySet<LifeState> = new Set(['no_show', 'finished']);

/**
 * A booking in `state` for `action`: one a refusal left so, or a new one. Not a kept draft to expire: any write at the
 * merchant since its hold lapsed released it already, and its expire would have nothing left to do.
 */
async function take(state: LifeState, action: LifeAction): Promise<{ token: string; bearer: string }> {
  const fresh = FREED.has(state) || (action === 'expire' && state === 'draft');
  return (fresh ? undefined : unchanged.get(state)?.pop()) ?? bookingIn(state);
}

/** Each action of the table as the API (or, for the server's own, its job's entry) performs it, by whom. */
const PERFORM: Array<[string, LifeAction, Actor, (booking: { token: string; bearer: string }) => Promise<Answer | undefined>]> = [
  ['validate', 'validate', 'diner', ({ token, bearer }) => call(t, 'validate', slug, token, bearer)],
  [
    'diner change',
    'diner_change',
    'diner',
    ({ token, bearer }) => create(t, { slug, token, bearer, at: unix('2026-11-25T21:30:00+01:00'), zone: 'all', seats: 1 }),
  ],
  ['confirm', 'confirm', 'staff', ({ token }) => act(token, 'confirm')],
  ['refuse', 'refuse', 'staff', ({ token }) => act(token, 'refuse', { reason: 'restaurant_full' })],
  ['diner cancel', 'client_cancel', 'diner', ({ token, bearer }) => call(t, 'cancel', slug, token, bearer)],
  ['staff cancel', 'restaurant_cancel', 'staff', ({ token }) => act(token, 'cancel', { reason: 'restaurant_closed' })],
  ['move', 'move', 'staff', ({ token }) => act(token, 'move', { datetime: unix('2026-11-25T21:00:00+01:00') })],
  ['arrive', 'arrive', 'staff', ({ token }) => act(token, 'arrived')],
  ['no-show', 'no_show', 'staff', ({ token }) => act(token, 'no_show')],
  ['staff finish', 'finish', 'staff', ({ token }) => act(token, 'finish')],
  ['admin finish', 'finish', 'system', ({ token }) => adminAction(t, token, 'finish')],
  ['undo', 'undo', 'staff', ({ token }) => act(token, 'undo')],
  [
    'close unanswered',
    'close_unanswered',
    'system',
    async ({ token }) => {
      const { id, startsAt } = await stored(token);
      await t.server.bookings.closeUnanswered(id, startsAt);
      return undefined;
    },
  ],
  [
    'expire',
    'expire',
    'system',
    async () => {
      // The periodic sweep's work: every draft whose hold lapsed before the clock stops holding its table.
      await t.server.bookings.sweep();
      return undefined;
    },
  ],
];

/**
 * Refusals that are not the life cycle's but a rule of the request: a draft validated once its time is near breaks
 * the merchant's lead time (60 minutes here).
 */
const REQUEST_RULES: Partial<Record<`${Moment} ${LifeAction} ${LifeState}`, string>> = {
  'inService validate draft': 'last_minute_booking_not_allowed',
};

const cases = (Object.keys(MOMENTS) as Moment[]).flatMap((moment) =>
  PERFORM.flatMap(([name, action, actor, perform]) => LIFE_STATES.map((from) => ({ moment, name, action, actor, perform, from }))),
);

describe('every action from every state, through the API', () => {
  test.each(cases)('$moment: $name from $from', async ({ moment, action, actor, perform, from }) => {
    const booking = await take(from, action);
    const before = await stored(booking.token);
    t.clock.set(MOMENTS[moment]);
    const now = new Date(MOMENTS[moment]);
    const expected = transition(action, actor, from, BOOKING, now, PARIS, { autoConfirm: false, arrived: from === 'finished' });
    const answer = await perform(booking);
    const after = await stored(booking.token);
    const ruled = REQUEST_RULES[`${moment} ${action} ${from}`];
    if (ruled) {
      expect(answer?.body.error_code).toBe(ruled);
      expect(after).toEqual(before);
      unchanged.set(from, [...(unchanged.get(from) ?? []), booking]);
    } else if (expected.ok) {
      if (answer) expectOk(answer);
      expect({ state: after.state, revision: after.revision }).toEqual({ state: expected.to, revision: before.revision + 1 });
      if (action === 'expire') expect({ before: before.holdsTable, after: after.holdsTable }).toEqual({ before: true, after: false });
    } else {
      // The server's own actions leave a booking the table refuses as it is, without an error.
      if (answer) expect({ status: answer.status, error_code: answer.body.error_code }).toEqual({ status: 409, error_code: expected.code });
      expect(after).toEqual(before);
      unchanged.set(from, [...(unchanged.get(from) ?? []), booking]);
    }
  });
});
