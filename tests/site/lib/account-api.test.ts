import { describe, expect, test } from 'vitest';
import {
  authCheck,
  forgotPassword,
  getLoginMethods,
  getUser,
  noAccount,
  passwordLogin,
  randomUserToken,
  refreshLogin,
  register,
  socialLoginUrl,
  updateUser,
} from '../../../src/lib/api/account-api.ts';
import { setApiBaseUrl } from '../../../src/lib/api/api-client.ts';
import { createBooking, getBookingSlots, getBookingZones } from '../../../src/lib/api/booking-api.ts';
import { setBearer } from '../../../src/lib/platform/storage.ts';
import { useBrowserTestServer } from '../support/browser-test-server.ts';

const server = useBrowserTestServer();

const account = { firstname: 'Lou', lastname: 'Martin', email: 'lou.martin@example.test', phone: '+33612345678', password: 'a-long-and-rare-passphrase' };

describe('the account calls against the real server', () => {
  test('login_methods answers the three flags', async () => {
    const { methods } = await getLoginMethods();
    expect(Object.keys(methods).sort()).toEqual(['apple', 'facebook', 'google']);
  });

  test('register, then log in with the password grant, then read and update the user', async () => {
    const registered = await register(account);
    expect(registered.access_token).toEqual(expect.any(String));

    const tokens = await passwordLogin(account.email, account.password);
    expect(tokens.refresh_token).toEqual(expect.any(String));
    setBearer(tokens.access_token);
    expect((await getUser()).user).toMatchObject({ firstname: 'Lou', email: account.email, anonymous: false });

    const updated = await updateUser({ firstname: 'Louise', lastname: 'Martin', email: account.email, phone: '+33612345679' });
    expect(updated.user.firstname).toBe('Louise');

    const rotated = await refreshLogin(tokens.refresh_token);
    expect(rotated.access_token).not.toBe(tokens.access_token);
  });

  test('a wrong password fails with invalid_grant, which the browser reads as unauthenticated', async () => {
    await expect(passwordLogin('nobody@example.test', 'wrong-password')).rejects.toMatchObject({
      status: 400,
      wireCode: 'invalid_grant',
      code: 'unauthenticated',
    });
  });

  test('registration failures carry per-field errors', async () => {
    await expect(register({ ...account, email: 'not-an-email', password: '' })).rejects.toMatchObject({
      status: 422,
      code: 'validation_error',
      body: { errors: { email: ['Email invalide'] } },
    });
  });

  test('no_account gives a guest a bearer tied to one booking', async () => {
    const { bookingZones } = await getBookingZones('sakura-ramen', '2026-11-24');
    const zoneId = bookingZones[0]!.id;
    const { slots } = await getBookingSlots({ merchantSlug: 'sakura-ramen', date: '2026-11-24', zoneId, neededSeats: 2 });
    const slot = slots.find((candidate) => candidate.available)!;
    const { token } = await createBooking({ token: null, merchant_slug: 'sakura-ramen', datetime: slot.timestamp, booking_zone_id: zoneId, client_count: 2 });
    const guest = await noAccount({ firstname: 'Sam', lastname: 'Guest', phone: '+33698765432', email: '', bookingToken: token });
    expect(guest.access_token).toEqual(expect.any(String));
  });

  test('authCheck with a userToken no sign-in is waiting for is unauthenticated', async () => {
    await expect(authCheck(randomUserToken())).rejects.toMatchObject({ status: 401, code: 'unauthenticated' });
  });

  test('forgot_password answers the same whether or not the account exists', async () => {
    expect(await forgotPassword('nobody@example.test', `${server.url}/auth/login`)).toMatchObject({ success: true });
  });
});

describe('social sign-in addresses', () => {
  test('go to the login host with redirect and userToken', () => {
    setApiBaseUrl('https://book.example');
    const url = new URL(socialLoginUrl('google', '/auth?authed=true', 'abcdef0123456789abcdef'));
    expect(url.origin + url.pathname).toBe('https://book.example/login/google');
    expect(Object.fromEntries(url.searchParams)).toEqual({ redirect: '/auth?authed=true', userToken: 'abcdef0123456789abcdef' });
  });

  test('a userToken is 128 random bits, different each time', () => {
    const first = randomUserToken();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(randomUserToken()).not.toBe(first);
  });
});
