import { beforeAll, describe, expect, test } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';
import { bookValidated, call, createDraft, expectError, expectOk, unix, importStaffedMerchant, type Staffed } from './api-helpers.ts';

const t = useTestServer({ demo: false });
let a: Staffed;
let b: Staffed;

beforeAll(async () => {
  t.clock.set('2026-11-23T09:00:00Z');
  a = await importStaffedMerchant(t, 'catch-a');
  b = await importStaffedMerchant(t, 'catch-b');
}, 60_000);

const DAY = '2026-11-25';
const at = (time: string) => unix(`${DAY}T${time}:00+01:00`);
const changes = (who: Staffed, since: string) => t.get(`/api/pro/${who.slug}/bookings/changes?since=${encodeURIComponent(since)}`, { bearer: who.staff });
type Row = { token: string; status: number; revision: number; updated_at: string };

describe('the book catches up after a reconnect with GET /api/pro/{slug}/bookings/changes', () => {
  test('the day view gives every booking its revision and the server\u2019s time to catch up from', async () => {
    const { token } = await bookValidated(t, { slug: a.slug, at: at('19:30'), zone: 'all', seats: 2 });
    const day = expectOk(await t.get(`/api/pro/${a.slug}/bookings?day=${DAY}`, { bearer: a.staff })).body;
    expect(day.server_time).toBe('2026-11-23T09:00:00.000Z');
    expect(day.bookings.find((row: Row) => row.token === token)).toMatchObject({ revision: expect.any(Number), updated_at: '2026-11-23T09:00:00.000Z' });
  });

  test('answers what was written while the book was away, on any day, with newer revisions; not drafts nor other merchants\u2019', async () => {
    const before = await bookValidated(t, { slug: a.slug, at: at('20:00'), zone: 'all', seats: 2 });
    t.clock.set('2026-11-23T10:00:00Z');
    const seen = expectOk(await t.get(`/api/pro/${a.slug}/bookings?day=${DAY}`, { bearer: a.staff })).body;
    const revisionSeen = seen.bookings.find((row: Row) => row.token === before.token).revision as number;

    // The book sleeps: another device confirms, a diner cancels, a new booking arrives another day, a draft is made.
    t.clock.set('2026-11-23T10:20:00Z');
    expectOk(await t.post(`/api/pro/${a.slug}/bookings/${before.token}/confirm`, {}, { bearer: a.staff }));
    const other = await bookValidated(t, { slug: a.slug, at: unix('2026-11-27T12:00:00+01:00'), zone: 'all', seats: 3 });
    expectOk(await call(t, 'cancel', a.slug, other.token, other.bearer));
    const draft = await createDraft(t, { slug: a.slug, at: at('21:00'), zone: 'all', seats: 2 });
    const elsewhere = await bookValidated(t, { slug: b.slug, at: at('19:30'), zone: 'all', seats: 2 });

    t.clock.set('2026-11-23T10:30:00Z');
    const answer = expectOk(await changes(a, seen.server_time)).body;
    const byToken = new Map((answer.bookings as Row[]).map((row) => [row.token, row]));
    expect(byToken.get(before.token)).toMatchObject({ status: 20 });
    expect(byToken.get(before.token)!.revision).toBeGreaterThan(revisionSeen);
    expect(byToken.get(other.token)).toMatchObject({ status: 40 });
    expect(byToken.has(draft)).toBe(false);
    expect(byToken.has(elsewhere.token)).toBe(false);
    expect(answer.truncated).toBe(false);
    expect(answer.server_time).toBe('2026-11-23T10:30:00.000Z');
  });

  test('the next window overlaps the last minute, so a write committing during the read is not missed', async () => {
    t.clock.set('2026-11-23T11:00:00Z');
    const answer = expectOk(await changes(a, '2026-11-23T10:30:00Z')).body;
    expect(answer.next_since).toBe('2026-11-23T10:59:00.000Z');
    t.clock.set('2026-11-23T10:59:30Z');
    const { token } = await bookValidated(t, { slug: a.slug, at: at('13:00'), zone: 'all', seats: 2 });
    t.clock.set('2026-11-23T11:01:00Z');
    expect((expectOk(await changes(a, answer.next_since)).body.bookings as Row[]).map((row) => row.token)).toContain(token);
  });

  test.each([['not-a-date'], ['2026-11-23'], ['2026-11-23T10:00:00']])('refuses since=%s with 400', async (since) => {
    expect((await changes(a, since)).status).toBe(400);
  });

  test('another merchant\u2019s staff get 404 merchant_not_found', async () => {
    expectError(await changes({ ...a, staff: b.staff }, '2026-11-23T09:00:00Z'), 404, 'merchant_not_found');
  });
});
