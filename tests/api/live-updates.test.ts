import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { bookingChannel, UPDATE_BOOKING_EVENT } from '../../src/server/realtime/booking-events.ts';
import { collectEvents, connected, eventually, nextEvent, subscribed } from '../realtime/support.ts';
import { usePusherClients } from '../support/use-pusher-clients.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { adminAction, call, createDraft, expectError, expectOk, importFixture, unix, type Fixture } from './api-helpers.ts';

// The credentials startTestServer gives its realtime.
const KEY = 'test-key';
const SECRET = 'test-secret';

const t = useTestServer({ listen: true, demo: false });
let fixture: Fixture;
beforeAll(async () => {
  t.clock.set('2026-11-23T09:00:00Z');
  fixture = await importFixture(t, 'live', {
    zones: [{ name: 'Salle', tables: Array.from({ length: 10 }, (_, i) => ({ name: `S${i}`, minSeats: 1, maxSeats: 4 })) }],
  });
}, 60_000);

const client = usePusherClients(t, KEY);

const AT = unix('2026-11-25T19:30:00+01:00');
// Generous: the machine is shared and the events cross a real socket.
const WAIT_MS = 8000;
vi.setConfig({ testTimeout: 30_000 });

describe('UpdateBooking on booking.{token} reaches a real pusher-js client', () => {
  test('when the booking is validated, then when the restaurant confirms it', async () => {
    t.clock.set('2026-11-23T09:00:00Z');
    const { bearer } = await t.signIn();
    const token = await createDraft(t, { slug: fixture.slug, at: AT, zone: 'all', seats: 2, bearer });
    const pusher = client();
    const channel = bookingChannel(token);
    expect(channel).toBe(`booking.${token}`);
    await subscribed(pusher, channel);

    const onValidate = nextEvent(pusher, channel, UPDATE_BOOKING_EVENT, WAIT_MS);
    expectOk(await call(t, 'validate', fixture.slug, token, bearer));
    expect(await onValidate).toMatchObject({ token, status: 10 });

    const onConfirm = nextEvent(pusher, channel, UPDATE_BOOKING_EVENT, WAIT_MS);
    expectOk(await adminAction(t, token, 'confirm'));
    expect(await onConfirm).toMatchObject({ token, status: 20 });
  });

  test('every change of the booking is announced, in order', async () => {
    t.clock.set('2026-11-23T09:00:00Z');
    const { bearer } = await t.signIn();
    const token = await createDraft(t, { slug: fixture.slug, at: AT, zone: 'all', seats: 2, bearer });
    const pusher = client();
    await subscribed(pusher, bookingChannel(token));
    const received = collectEvents(pusher, bookingChannel(token), UPDATE_BOOKING_EVENT) as Array<{ status: number | null }>;

    expectOk(
      await t.post('/api/booking/create', { merchant_slug: fixture.slug, token, datetime: AT + 1800, booking_zone_id: 'all', client_count: 3 }, { bearer }),
    );
    expectOk(await call(t, 'set_comment', fixture.slug, token, bearer, { comment: 'Poussette' }));
    expectOk(await call(t, 'validate', fixture.slug, token, bearer));
    expectOk(await call(t, 'cancel', fixture.slug, token, bearer));

    await eventually(() => received.length === 4, WAIT_MS);
    expect(received.map((event) => event.status)).toEqual([null, null, 10, 40]);
  });

  test('a client of another booking hears nothing of this one', async () => {
    t.clock.set('2026-11-23T09:00:00Z');
    const { bearer } = await t.signIn();
    const mine = await createDraft(t, { slug: fixture.slug, at: AT, zone: 'all', seats: 2, bearer });
    const other = await createDraft(t, { slug: fixture.slug, at: AT, zone: 'all', seats: 2 });
    const pusher = client();
    await subscribed(pusher, bookingChannel(mine));
    await subscribed(pusher, bookingChannel(other));
    const stray = collectEvents(pusher, bookingChannel(other), UPDATE_BOOKING_EVENT);

    const delivered = nextEvent(pusher, bookingChannel(mine), UPDATE_BOOKING_EVENT, WAIT_MS);
    expectOk(await call(t, 'validate', fixture.slug, mine, bearer));
    await delivered;
    expect(stray).toEqual([]);
  });
});

describe('POST /broadcasting/auth signs private-user.{id} for that diner only', () => {
  const auth = (body: Record<string, string>, bearer?: string) => t.post('/broadcasting/auth', body, { bearer });

  test('the diner\u2019s own channel is signed with the app secret', async () => {
    const { bearer, userId } = await t.signIn();
    const channel = `private-user.${userId}`;
    const answer = await auth({ socket_id: '1234.5678', channel_name: channel }, bearer);
    expect(answer.status).toBe(200);
    const signature = createHmac('sha256', SECRET).update(`1234.5678:${channel}`).digest('hex');
    expect(answer.body).toEqual({ auth: `${KEY}:${signature}` });
  });

  test.each([
    ['another diner\u2019s channel', (_userId: string, otherId: string) => `private-user.${otherId}`],
    ['a private channel that is not a user\u2019s', () => 'private-staff'],
    ['a presence channel', (userId: string) => `presence-user.${userId}`],
  ])('%s is refused with 403', async (_label, channelOf) => {
    const { bearer, userId } = await t.signIn();
    const other = await t.signIn();
    expectError(await auth({ socket_id: '1234.5678', channel_name: channelOf(userId, other.userId) }, bearer), 403, 'booking_forbidden');
  });

  test.each([
    ['no bearer', undefined],
    ['an unknown bearer', 'unknown-bearer-0123456789abcdef'],
  ])('%s is refused with 401', async (_label, bearer) => {
    const { userId } = await t.signIn();
    expectError(await auth({ socket_id: '1234.5678', channel_name: `private-user.${userId}` }, bearer), 401, 'unauthenticated');
  });

  test('a malformed socket id is a validation_error', async () => {
    const { bearer, userId } = await t.signIn();
    expectError(await auth({ socket_id: 'not-a-socket', channel_name: `private-user.${userId}` }, bearer), 400, 'validation_error');
  });

  test('a real pusher-js client subscribes to its own private channel through the endpoint and receives its events', async () => {
    const { bearer, userId } = await t.signIn();
    const pusher = client(bearer);
    await connected(pusher);
    const channel = `private-user.${userId}`;
    await subscribed(pusher, channel);
    const received = nextEvent(pusher, channel, 'Hello', WAIT_MS);
    await t.realtime.broadcaster.publish(channel, 'Hello', { to: userId });
    expect(await received).toEqual({ to: userId });
  });

  test('a real pusher-js client cannot subscribe to another diner\u2019s private channel', async () => {
    const { bearer } = await t.signIn();
    const other = await t.signIn();
    const pusher = client(bearer);
    const failure = await subscribed(pusher, `private-user.${other.userId}`).then(
      () => null,
      (error: { detail?: unknown }) => error.detail ?? error,
    );
    expect(failure).not.toBeNull();
  });
});
