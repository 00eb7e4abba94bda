import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { setApiBaseUrl } from '../../../src/lib/api/api-client.ts';
import { getReturnPath, setCurrentMerchant, setGuestBearer, setMerchantToken, setReturnPath } from '../../../src/lib/platform/storage.ts';
import { $auth, signIn, signOut } from '../../../src/stores/auth.ts';
import { afterSignInTarget, loginWithPassword, registerAccount } from '../../../src/stores/sign-in.ts';
import { startSignIn } from '../../../src/stores/auth.ts';
import { $myBookings, loadMyBookings, signOutOfAccount } from '../../../src/stores/my-bookings.ts';
import { draftBooking } from '../../support/draft-booking.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { installStorage, type MemoryStorage } from '../support/browser-storage.ts';

let server: TestServer;
let local: MemoryStorage;
let accounts = 0;

beforeAll(async () => {
  server = await startTestServer({ listen: true });
});
afterAll(() => server.close());
beforeEach(() => {
  local = installStorage().local;
  setApiBaseUrl(server.url);
  signOut();
});

/** Registers an account through the store, signed in afterwards. */
async function registered(): Promise<string> {
  accounts += 1;
  const email = `my.bookings${accounts}@example.test`;
  const outcome = await registerAccount({
    firstname: 'Lou',
    lastname: 'Garnier',
    email,
    phone: `+3361122330${accounts}`,
    password: 'a-long-and-rare-passphrase',
  });
  expect(outcome.ok).toBe(true);
  return email;
}

describe('the account page\u2019s list ($myBookings)', () => {
  test('shows the signed-in account\u2019s validated bookings from the real server', async () => {
    await registered();
    const bearer = $auth.get().bearer!;
    const draft = await draftBooking(server, 'sakura-ramen', bearer);
    expect((await server.post('/api/booking/validate', { merchant_slug: draft.slug, token: draft.token }, { bearer })).status).toBe(200);
    await loadMyBookings();
    const state = $myBookings.get();
    expect(state.status).toBe('ready');
    if (state.status !== 'ready') return;
    expect(state.coming.map((booking) => [booking.token, booking.merchant.slug, booking.status])).toEqual([[draft.token, 'sakura-ramen', 20]]);
    expect(state.past).toEqual([]);
  });

  test('a guest session is no sign-in: the list is signed out without asking the server', async () => {
    signIn('GUEST-BEARER-0123456789', null, 'BOOKING-0123456789');
    await loadMyBookings({ getUserBookings: () => Promise.reject(new Error('must not be called')) });
    expect($myBookings.get()).toEqual({ status: 'signed-out' });
  });

  test('a guest\u2019s bearer stored as if it were an account\u2019s is refused (403) and forgotten, so the account page never loops', async () => {
    const draft = await draftBooking(server);
    const guest = await server.post('/api/front/user/no_account', {
      firstname: 'Guest',
      lastname: 'Only',
      phone: '+33611223399',
      email: '',
      bookingToken: draft.token,
    });
    signIn(guest.body.access_token);
    await loadMyBookings();
    expect($myBookings.get()).toEqual({ status: 'signed-out' });
    expect($auth.get().status).toBe('signed-out');
  });

  test('a bearer the server no longer knows is forgotten', async () => {
    signIn('STALE-BEARER-0123456789abcdef');
    await loadMyBookings();
    expect($myBookings.get()).toEqual({ status: 'signed-out' });
    expect([$auth.get().status, local.getItem('bearer')]).toEqual(['signed-out', null]);
  });

  test('a server that cannot be reached fails the list with network_error and keeps the session', async () => {
    signIn('BEARER-0123456789abcdef', 'REFRESH-0123456789');
    setApiBaseUrl('http://127.0.0.1:9');
    await loadMyBookings();
    expect($myBookings.get()).toEqual({ status: 'error', code: 'network_error' });
    expect($auth.get().status).toBe('signed-in');
  });
});

describe('signing out', () => {
  test('revokes the bearer on the server and forgets it and the refresh token; guests\u2019 bearers and booking tokens stay', async () => {
    await registered();
    const { bearer, refreshToken } = $auth.get();
    expect(refreshToken).toEqual(expect.any(String));
    setGuestBearer('GUEST-BOOKING-0123456789', 'GUEST-BEARER-0123456789');
    setMerchantToken('le-petit-zinc', 'TOKEN-0123456789abcdef');
    setCurrentMerchant('le-petit-zinc');

    expect(await signOutOfAccount()).toBe('/le-petit-zinc');
    expect([local.getItem('bearer'), local.getItem('refresh_token')]).toEqual([null, null]);
    expect([local.getItem('guest_bearer_GUEST-BOOKING-0123456789'), local.getItem('token_le-petit-zinc')]).toEqual([
      'GUEST-BEARER-0123456789',
      'TOKEN-0123456789abcdef',
    ]);
    expect((await server.post('/api/booking/user/get', {}, { bearer: bearer! })).status).toBe(401);
  });

  test('without a merchant stored it leads to the site root, and signs out even when the server cannot be reached', async () => {
    signIn('BEARER-0123456789abcdef', 'REFRESH-0123456789');
    expect(await signOutOfAccount({ logout: () => Promise.reject(new Error('offline')) })).toBe('/');
    expect($auth.get().status).toBe('signed-out');
  });
});

describe('coming back after signing in', () => {
  test('"Sign in" leaves the page as the way back, taken once by the next sign-in', async () => {
    const email = await registered();
    signOut();
    expect(startSignIn('/le-petit-zinc?seats=2')).toBe('/auth');
    expect(getReturnPath()).toBe('/le-petit-zinc?seats=2');
    expect(await loginWithPassword(email, 'a-long-and-rare-passphrase')).toEqual({ ok: true, to: '/le-petit-zinc?seats=2' });
    expect(getReturnPath()).toBeNull();
    expect(afterSignInTarget()).toBe('/account');
  });

  test('from an empty browser, signing in leads to the account page, not "this restaurant does not exist"', async () => {
    const email = await registered();
    installStorage();
    signOut();
    expect(await loginWithPassword(email, 'a-long-and-rare-passphrase')).toEqual({ ok: true, to: '/account' });
  });

  test('a guest session steps aside for "Sign in", kept with its booking', () => {
    signIn('GUEST-BEARER-0123456789', null, 'BOOKING-0123456789');
    setGuestBearer('BOOKING-0123456789', 'GUEST-BEARER-0123456789');
    startSignIn('/le-petit-zinc');
    expect($auth.get().status).toBe('signed-out');
    expect(local.getItem('guest_bearer_BOOKING-0123456789')).toBe('GUEST-BEARER-0123456789');
  });

  test('only a path of this site is kept as the way back', () => {
    for (const hostile of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
      setReturnPath(hostile);
      expect(getReturnPath()).toBeNull();
    }
  });
});
