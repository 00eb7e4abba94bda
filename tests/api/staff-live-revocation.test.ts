import { beforeAll, describe, expect, test, vi } from 'vitest';
import { UPDATE_BOOKING_EVENT } from '../../src/server/realtime/booking-events.ts';
import { collectEvents, subscribed, type Pusher } from '../realtime/support.ts';
import { usePusherClients } from '../support/use-pusher-clients.ts';
import { ADMIN_TOKEN } from '../support/test-server.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { call, createDraft, expectOk, fixtureMerchant, unix } from './api-helpers.ts';

const KEY = 'test-key';
const t = useTestServer({ listen: true, demo: false });
const client = usePusherClients(t, KEY);
const AT = unix('2026-11-25T19:30:00+01:00');
vi.setConfig({ testTimeout: 30_000 });

beforeAll(() => t.clock.set('2026-11-23T09:00:00Z'));

let merchants = 0;

/** A merchant with two staff members (as the admin API imports it), each signed in, and its channel. */
async function staffedMerchant(passwords = { host: 'the host passphrase 1', chef: 'the chef passphrase 2' }) {
  merchants += 1;
  const slug = `revoke-${merchants}`;
  const staff = [
    { email: `host@${slug}.example`, password: passwords.host },
    { email: `chef@${slug}.example`, password: passwords.chef },
  ];
  const definition = { ...fixtureMerchant(slug), staff };
  expect((await importOverAdmin(slug, definition)).statusCode).toBe(201);
  const signIn = async (who: (typeof staff)[number]) => expectOk(await t.post('/api/pro/auth/login', who)).body.access_token as string;
  const host = await signIn(staff[0]!);
  const chef = await signIn(staff[1]!);
  const channel = expectOk(await t.get('/api/pro/me', { bearer: host })).body.merchants[0].channel as string;
  return { slug, definition, staff, host, chef, channel };
}

const importOverAdmin = (slug: string, definition: unknown) =>
  t.server.app.inject({
    method: 'PUT',
    url: `/api/admin/merchants/${slug}`,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    payload: definition as object,
  });

/** Resolves once the server ended the client's connection (pusher-js then stays disconnected: no reconnection). */
function ended(pusher: Pusher): Promise<string> {
  return new Promise((resolve) => {
    pusher.connection.bind('state_change', ({ current }: { current: string }) => {
      if (current === 'disconnected' || current === 'failed' || current === 'unavailable') resolve(current);
    });
  });
}

/** A new validated booking of the merchant's: an UpdateBooking on its channel. */
async function newBooking(slug: string): Promise<string> {
  const { bearer } = await t.signIn();
  const token = await createDraft(t, { slug, at: AT, zone: 'all', seats: 2, bearer });
  expectOk(await call(t, 'validate', slug, token, bearer));
  return token;
}

describe('a staff member\u2019s open book stops hearing the restaurant once their session ends', () => {
  test('sign-out ends that session\u2019s socket at once; the other staff member\u2019s keeps hearing the bookings', async () => {
    const m = await staffedMerchant();
    const hostSocket = client(m.host);
    const chefSocket = client(m.chef);
    await subscribed(hostSocket, m.channel);
    await subscribed(chefSocket, m.channel);
    const heardByHost = collectEvents(hostSocket, m.channel, UPDATE_BOOKING_EVENT);
    const heardByChef = collectEvents(chefSocket, m.channel, UPDATE_BOOKING_EVENT);
    const hostEnded = ended(hostSocket);

    expectOk(await t.post('/api/pro/auth/logout', {}, { bearer: m.host }));
    await hostEnded;
    const token = await newBooking(m.slug);
    await vi.waitFor(() => expect(heardByChef).toContainEqual(expect.objectContaining({ token })));
    expect(heardByHost).toEqual([]);
  });

  test('a password change ends the staff member\u2019s other sessions\u2019 sockets, not the one that changed it', async () => {
    const m = await staffedMerchant();
    const tablet = client(m.host);
    await subscribed(tablet, m.channel);
    const phoneBearer = expectOk(await t.post('/api/pro/auth/login', m.staff[0])).body.access_token as string;
    const phone = client(phoneBearer);
    await subscribed(phone, m.channel);
    const tabletEnded = ended(tablet);
    const heardByPhone = collectEvents(phone, m.channel, UPDATE_BOOKING_EVENT);

    expectOk(await t.post('/api/pro/auth/password', { current: m.staff[0]!.password, next: 'a brand new passphrase' }, { bearer: phoneBearer }));
    await tabletEnded;
    const token = await newBooking(m.slug);
    await vi.waitFor(() => expect(heardByPhone).toContainEqual(expect.objectContaining({ token })));
    // The old bearer cannot join again either.
    await expect(subscribed(client(m.host), m.channel)).rejects.toThrow('subscription_error');
  });

  test('removal from the definition ends the removed member\u2019s socket; re-import with a new password ends the other\u2019s', async () => {
    const m = await staffedMerchant();
    const hostSocket = client(m.host);
    const chefSocket = client(m.chef);
    await subscribed(hostSocket, m.channel);
    await subscribed(chefSocket, m.channel);
    const hostEnded = ended(hostSocket);
    const chefEnded = ended(chefSocket);
    const states = () => [hostSocket.connection.state, chefSocket.connection.state];

    // The same definition again: nobody is signed out.
    expect((await importOverAdmin(m.slug, m.definition)).statusCode).toBe(200);
    expect(states()).toEqual(['connected', 'connected']);

    // Without the chef: their socket ends.
    expect((await importOverAdmin(m.slug, { ...m.definition, staff: [m.staff[0]] })).statusCode).toBe(200);
    await chefEnded;
    expect(hostSocket.connection.state).toBe('connected');

    // The host with a new password: their sessions and socket end.
    expect((await importOverAdmin(m.slug, { ...m.definition, staff: [{ ...m.staff[0], password: 'another new passphrase' }] })).statusCode).toBe(200);
    await hostEnded;
    expect((await t.get('/api/pro/me', { bearer: m.host })).status).toBe(401);
  });
});
