import { beforeEach, describe, expect, test } from 'vitest';
import { setApiBaseUrl } from '../../../src/lib/api/api-client.ts';
import { setCurrentMerchant, setMerchantToken } from '../../../src/lib/platform/storage.ts';
import { $auth, handleUnauthorized, signIn, signOut } from '../../../src/stores/auth.ts';
import {
  $loginMethods,
  afterSignInTarget,
  DEFAULT_LOGIN_METHODS,
  finishSocialLogin,
  loadLoginMethods,
  loginWithPassword,
  registerAccount,
  startSocialLogin,
} from '../../../src/stores/sign-in.ts';
import type { MemoryStorage } from '../support/browser-storage.ts';
import { useBrowserTestServer } from '../support/browser-test-server.ts';

const server = useBrowserTestServer();
let local: MemoryStorage;

beforeEach(() => {
  // The fixture has installed this test's fresh storage.
  local = localStorage as MemoryStorage;
  signOut();
});

describe('the session (spec section 4)', () => {
  test('signing in stores the bearer and refresh token; signing out removes them', () => {
    signIn('BEARER-1', 'REFRESH-1');
    expect($auth.get()).toEqual({ status: 'signed-in', bearer: 'BEARER-1', refreshToken: 'REFRESH-1', guestBooking: null });
    expect([local.getItem('bearer'), local.getItem('refresh_token')]).toEqual(['BEARER-1', 'REFRESH-1']);
    signOut();
    expect($auth.get().status).toBe('signed-out');
    expect([local.getItem('bearer'), local.getItem('refresh_token')]).toEqual([null, null]);
  });

  test('a 401 signs out and leads to NoAuth, keeping the booking token', () => {
    setMerchantToken('le-petit-zinc', 'TOKEN');
    signIn('BEARER-1');
    expect(handleUnauthorized()).toBe('/auth/no_account');
    expect([$auth.get().status, local.getItem('token_le-petit-zinc')]).toEqual(['signed-out', 'TOKEN']);
  });

  test.each([
    ['Validate when a merchant and its token are stored', 'le-petit-zinc', 'TOKEN-0123456789abcdef', '/le-petit-zinc/validate/TOKEN-0123456789abcdef'],
    ["the merchant's booking home without a token", 'le-petit-zinc', null, '/le-petit-zinc'],
    ['the account page without a merchant', null, null, '/account'],
  ])('after sign-in the diner goes to %s', (_case, merchant, token, expected) => {
    if (merchant) setCurrentMerchant(merchant);
    if (merchant && token) setMerchantToken(merchant, token);
    expect(afterSignInTarget()).toBe(expected);
  });
});

describe('login methods', () => {
  test('before the server answers: apple on, facebook and google off', () => {
    expect(DEFAULT_LOGIN_METHODS).toEqual({ facebook: false, google: false, apple: true });
    expect($loginMethods.get()).toMatchObject(DEFAULT_LOGIN_METHODS);
  });

  test('loading shows the flag while the real server answers, then its methods', async () => {
    const loading = loadLoginMethods();
    expect($loginMethods.get().loading).toBe(true);
    await loading;
    const { methods } = (await server.get('/api/mobile/login_methods')).body as { methods: object };
    expect($loginMethods.get()).toEqual({ ...methods, loading: false });
  });

  test('a failed load ends loading and keeps the defaults', async () => {
    $loginMethods.set({ ...DEFAULT_LOGIN_METHODS, loading: false });
    setApiBaseUrl('http://127.0.0.1:9');
    await loadLoginMethods();
    expect($loginMethods.get()).toMatchObject({ loading: false, apple: true });
  });
});

describe('signing in against the real server', () => {
  const account = { firstname: 'Noa', lastname: 'Petit', email: 'noa.petit@example.test', phone: '+33611223344', password: 'a-long-and-rare-passphrase' };

  test('registration signs in and goes to Validate of the stored booking', async () => {
    setCurrentMerchant('le-petit-zinc');
    setMerchantToken('le-petit-zinc', 'TOKEN-0123456789abcdef');
    expect(await registerAccount(account)).toEqual({ ok: true, to: '/le-petit-zinc/validate/TOKEN-0123456789abcdef' });
    expect($auth.get().status).toBe('signed-in');
  });

  test('registration failures come back per field', async () => {
    const outcome = await registerAccount({ ...account, email: 'broken', phone: '' });
    expect(outcome).toMatchObject({ ok: false, code: 'validation_error', errors: { email: expect.any(Array), phone: expect.any(Array) } });
    expect($auth.get().status).toBe('signed-out');
  });

  test('a password login signs in with a refresh token', async () => {
    await registerAccount({ ...account, email: 'noa.two@example.test' });
    signOut();
    expect(await loginWithPassword(' noa.two@example.test ', account.password)).toEqual({ ok: true, to: '/account' });
    expect($auth.get()).toMatchObject({ status: 'signed-in', refreshToken: expect.any(String) });
  });

  test('a wrong password is refused as unauthenticated and leaves the diner signed out', async () => {
    signIn('OLD-BEARER');
    expect(await loginWithPassword('noa.petit@example.test', 'not-the-password')).toEqual({ ok: false, code: 'unauthenticated' });
    expect($auth.get().status).toBe('signed-out');
  });
});

describe('social sign-in', () => {
  test('starting stores a userToken and sends the browser to the login host, coming back with authed=true', () => {
    setApiBaseUrl('https://book.example');
    const url = new URL(startSocialLogin('facebook', '/auth?from=home'));
    expect(url.pathname).toBe('/login/facebook');
    expect(url.searchParams.get('redirect')).toBe('/auth?from=home&authed=true');
    expect(url.searchParams.get('userToken')).toBe(local.getItem('userToken'));
  });

  test('finishing without a stored userToken does not sign in', async () => {
    expect(await finishSocialLogin()).toEqual({ ok: false, code: 'unauthenticated' });
  });

  test('finishing with a userToken no sign-in is bound to is refused by the server', async () => {
    startSocialLogin('google', '/auth');
    expect(await finishSocialLogin()).toEqual({ ok: false, code: 'unauthenticated' });
    expect($auth.get().status).toBe('signed-out');
  });
});
