import { beforeAll, describe, expect, test, vi } from 'vitest';
import { UPDATE_BOOKING_EVENT } from '../../src/server/realtime/booking-events.ts';
import { UPDATE_CLOSINGS_EVENT, UPDATE_GUEST_EVENT } from '../../src/server/realtime/merchant-events.ts';
import { collectEvents, nextEvent, subscribed } from '../realtime/support.ts';
import { usePusherClients } from '../support/use-pusher-clients.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { call, createDraft, expectError, expectOk, unix, importStaffedMerchant, type Staffed } from './api-helpers.ts';

const KEY = 'test-key';
const t = useTestServer({ listen: true, demo: false });
let a: Staffed & { channel: string };
let b: Staffed & { channel: string };

/** A fixture merchant with one staff member, signed in, and its live channel as /api/pro/me names it. */
async function merchantWithStaff(prefix: string) {
  const merchant = await importStaffedMerchant(t, prefix);
  const channel = expectOk(await t.get('/api/pro/me', { bearer: merchant.staff })).body.merchants[0].channel as string;
  return { ...merchant, channel };
}

beforeAll(async () => {
  t.clock.set('2026-11-23T09:00:00Z');
  a = await merchantWithStaff('live-a');
  b = await merchantWithStaff('live-b');
}, 60_000);

const client = usePusherClients(t, KEY);

const AT = unix('2026-11-25T19:30:00+01:00');
const WAIT_MS = 8000;
vi.setConfig({ testTimeout: 30_000 });

describe('the merchant\u2019s private channel carries its bookings\u2019 changes to its staff', () => {
  test('a diner\u2019s new booking and the staff\u2019s confirmation reach the staff\u2019s client; drafts do not', async () => {
    const staff = client(a.staff);
    await subscribed(staff, a.channel);
    const received = collectEvents(staff, a.channel, UPDATE_BOOKING_EVENT) as Array<{ token: string; status: number | null }>;
    const { bearer } = await t.signIn();
    const token = await createDraft(t, { slug: a.slug, at: AT, zone: 'all', seats: 2, bearer });
    const onValidate = nextEvent(staff, a.channel, UPDATE_BOOKING_EVENT, WAIT_MS);
    expectOk(await call(t, 'validate', a.slug, token, bearer));
    expect(await onValidate).toMatchObject({ token, status: 10 });
    const onConfirm = nextEvent(staff, a.channel, UPDATE_BOOKING_EVENT, WAIT_MS);
    expectOk(await t.post(`/api/pro/${a.slug}/bookings/${token}/confirm`, {}, { bearer: a.staff }));
    expect(await onConfirm).toMatchObject({ token, status: 20 });
    expect(received.map((event) => event.status)).toEqual([10, 20]);
  });

  test('a diner\u2019s new name reaches the staff\u2019s client as their coming booking\u2019s next revision, and the catch-up carries it', async () => {
    const staff = client(a.staff);
    await subscribed(staff, a.channel);
    const { bearer } = await t.signIn({ firstname: 'Camille', lastname: 'Avant', phone: '+33612398700' });
    const token = await createDraft(t, { slug: a.slug, at: AT, zone: 'all', seats: 2, bearer });
    expectOk(await call(t, 'validate', a.slug, token, bearer));
    const since = expectOk(await t.get(`/api/pro/${a.slug}/bookings?day=2026-11-25`, { bearer: a.staff })).body.server_time as string;
    const revision = expectOk(await call(t, 'get', a.slug, token, bearer)).body.booking.revision as number;
    const onRename = nextEvent(staff, a.channel, UPDATE_BOOKING_EVENT, WAIT_MS);
    t.clock.set('2026-11-23T09:05:00Z');
    expectOk(await t.post('/api/front/user/update', { firstname: 'Camille', lastname: 'Après', phone: '+33612398700', lang: 'fr' }, { bearer }));
    expect(await onRename).toMatchObject({ token, status: 10, revision: revision + 1 });
    const caughtUp = expectOk(await t.get(`/api/pro/${a.slug}/bookings/changes?since=${encodeURIComponent(since)}`, { bearer: a.staff })).body;
    expect(caughtUp.bookings.find((row: { token: string }) => row.token === token)).toMatchObject({ revision: revision + 1, diner: { lastname: 'Après' } });
    t.clock.set('2026-11-23T09:00:00Z');
  });

  test('a guest profile saved reaches the staff\u2019s client as UpdateGuest, naming nothing of it, and no other merchant\u2019s', async () => {
    const staff = client(a.staff);
    const other = client(b.staff);
    await subscribed(staff, a.channel);
    await subscribed(other, b.channel);
    const stray = collectEvents(other, b.channel, UPDATE_GUEST_EVENT);
    const { bearer } = await t.signIn();
    const token = await createDraft(t, { slug: a.slug, at: AT + 1800, zone: 'all', seats: 2, bearer });
    expectOk(await call(t, 'validate', a.slug, token, bearer));
    const onSave = nextEvent(staff, a.channel, UPDATE_GUEST_EVENT, WAIT_MS);
    const profile = { vip: true, regular: false, seating: '', allergens: ['milk'], note: 'A secret of the house', revision: 0 };
    expectOk(await t.put(`/api/pro/${a.slug}/bookings/${token}/guest`, profile, { bearer: a.staff }));
    const event = await onSave;
    expect(Object.keys(event as object)).toEqual(['updatedAt']);
    expect(stray).toEqual([]);
  });

  test('a closing made and removed reaches the staff\u2019s client as UpdateClosings, and no other merchant\u2019s', async () => {
    const staff = client(a.staff);
    const other = client(b.staff);
    await subscribed(staff, a.channel);
    await subscribed(other, b.channel);
    const stray = collectEvents(other, b.channel, UPDATE_CLOSINGS_EVENT);
    const onCreate = nextEvent(staff, a.channel, UPDATE_CLOSINGS_EVENT, WAIT_MS);
    const made = expectOk(await t.post(`/api/pro/${a.slug}/closings`, { kind: 'day', day: '2026-12-10' }, { bearer: a.staff })).body.closing;
    expect(await onCreate).toMatchObject({ id: made.id, action: 'created', day: '2026-12-10' });
    const onDelete = nextEvent(staff, a.channel, UPDATE_CLOSINGS_EVENT, WAIT_MS);
    const removed = await t.server.app.inject({
      method: 'DELETE',
      url: `/api/pro/${a.slug}/closings/${made.id}`,
      headers: { authorization: `Bearer ${a.staff}` },
    });
    expect(removed.statusCode).toBe(200);
    expect(await onDelete).toMatchObject({ id: made.id, action: 'deleted', day: '2026-12-10' });
    // The sentinel: b's own closing, published after a's on the same bus, arrives after anything a's could have sent.
    const onOwn = nextEvent(other, b.channel, UPDATE_CLOSINGS_EVENT, WAIT_MS);
    const own = expectOk(await t.post(`/api/pro/${b.slug}/closings`, { kind: 'day', day: '2026-12-11' }, { bearer: b.staff })).body.closing;
    expect(await onOwn).toMatchObject({ id: own.id, action: 'created' });
    expect(stray).toEqual([expect.objectContaining({ id: own.id })]);
  });

  test('another merchant\u2019s staff client hears nothing of it', async () => {
    const other = client(b.staff);
    await subscribed(other, b.channel);
    const stray = collectEvents(other, b.channel, UPDATE_BOOKING_EVENT);
    const { bearer } = await t.signIn();
    const token = await createDraft(t, { slug: a.slug, at: AT, zone: 'all', seats: 2, bearer });
    expectOk(await call(t, 'validate', a.slug, token, bearer));
    // The sentinel: a booking of b's own, validated after a's, arrives after anything a's could have sent.
    const onOwn = nextEvent(other, b.channel, UPDATE_BOOKING_EVENT, WAIT_MS);
    const own = await createDraft(t, { slug: b.slug, at: AT, zone: 'all', seats: 2, bearer });
    expectOk(await call(t, 'validate', b.slug, own, bearer));
    expect(await onOwn).toMatchObject({ token: own });
    expect(stray).toEqual([expect.objectContaining({ token: own })]);
  });
});

describe('POST /broadcasting/auth signs private-merchant.{id} for that merchant\u2019s staff only', () => {
  const auth = (channel: string, bearer?: string) => t.post('/broadcasting/auth', { socket_id: '1234.5678', channel_name: channel }, { bearer });

  test('its own staff are signed', async () => {
    const answer = await auth(a.channel, a.staff);
    expect(answer.status).toBe(200);
    expect(answer.body.auth).toMatch(new RegExp(`^${KEY}:[0-9a-f]{64}$`));
  });

  test('another merchant\u2019s staff are refused with 403', async () => {
    expectError(await auth(a.channel, b.staff), 403, 'booking_forbidden');
  });

  test('a diner\u2019s bearer and no bearer are refused with 401', async () => {
    const { bearer } = await t.signIn();
    expectError(await auth(a.channel, bearer), 401, 'unauthenticated');
    expectError(await auth(a.channel), 401, 'unauthenticated');
  });

  test('a staff bearer does not open a diner\u2019s channel', async () => {
    const { userId } = await t.signIn();
    expectError(await auth(`private-user.${userId}`, a.staff), 401, 'unauthenticated');
  });

  test('a staff client cannot subscribe to another merchant\u2019s channel', async () => {
    const other = client(b.staff);
    await expect(subscribed(other, a.channel)).rejects.toBeDefined();
  });
});
