import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { socialIdentities, users } from '../../src/server/db/schema.ts';
import { formAction, hiddenInputs, TestBrowser } from '../support/browser.ts';
import { listenFakeFacebook, type FakeFacebook } from '../support/fake-facebook.ts';
import { listenOidcGoogle, type OidcGoogle } from '../support/oidc-google.ts';
import { startTestServer } from '../support/test-server.ts';
import { useTestServer } from '../support/use-test-server.ts';

let google: OidcGoogle;
let facebook: FakeFacebook;

beforeAll(async () => {
  google = await listenOidcGoogle();
  facebook = await listenFakeFacebook();
}, 60_000);
afterAll(async () => {
  await google.close();
  await facebook.close();
});
const t = useTestServer(() => ({
  demo: false,
  listen: true,
  accounts: {
    social: {
      google: { issuer: google.issuer, clientId: google.clientId, clientSecret: google.clientSecret },
      facebook: {
        clientId: facebook.clientId,
        clientSecret: facebook.clientSecret,
        authorizationUrl: facebook.authorizationUrl,
        tokenUrl: facebook.tokenUrl,
        userinfoUrl: facebook.userinfoUrl,
      },
      apple: false,
    },
  },
}));

beforeAll(() => {
  google.start(`${t.url}/login/google/callback`);
  facebook.start(`${t.url}/login/facebook/callback`);
  google.people.set('alice', { email: 'Alice.Martin@gmail.test', emailVerified: true, givenName: 'Alice', familyName: 'Martin' });
  google.people.set('mallory', { email: 'mallory@gmail.test', emailVerified: false, givenName: 'Mal', familyName: 'Lory' });
});

let tokenCounter = 0;
const newUserToken = () => `local-user-token-${process.pid}-${++tokenCounter}-abcdef`;

/** Starts a sign-in on our login host and walks the Google stand-in's login and consent pages as a person would. */
async function signInWithGoogle(browser: TestBrowser, login: string, userToken: string, redirect = '/le-petit-zinc?authed=true') {
  const ourOrigin = new URL(t.url).origin;
  const backOnSite = (url: URL) => url.origin === ourOrigin && !url.pathname.startsWith('/login/');
  const start = `${t.url}/login/google?redirect=${encodeURIComponent(redirect)}&userToken=${userToken}`;
  let step = await browser.follow('GET', start, undefined, backOnSite);
  for (let i = 0; i < 4 && step.page; i++) {
    const page = step.page;
    expect(page.status, page.body.slice(0, 500)).toBe(200);
    const fields = hiddenInputs(page);
    const form = fields.prompt === 'login' ? { ...fields, login, password: 'anything' } : fields;
    step = await browser.follow('POST', formAction(page), form, backOnSite);
  }
  return step.stoppedAt;
}

describe('login_methods says which social sign-ins are enabled, from configuration', () => {
  test('google and facebook configured, apple not', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const answer = method === 'GET' ? await t.get('/api/mobile/login_methods') : await t.post('/api/mobile/login_methods', {});
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ success: true, methods: { facebook: true, google: true, apple: false } });
    }
  });
});

describe('a diner signs in with Google (OpenID Connect, the full redirect dance)', () => {
  test('the browser ends on the page it came from, and authCheck trades its userToken for a bearer once', async () => {
    const browser = new TestBrowser();
    const userToken = newUserToken();
    const landed = await signInWithGoogle(browser, 'alice', userToken);
    expect(landed).toBe(`${t.url}/le-petit-zinc?authed=true`);

    const authorize = new URL(browser.hops.find((hop) => hop.url.startsWith(`${t.url}/login/google?`))!.location!);
    expect(authorize.origin).toBe(google.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorize.searchParams.get('state')!.length).toBeGreaterThanOrEqual(22);
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(authorize.searchParams.get('scope')).toBe('openid email profile');

    const check = await t.post('/api/front/user/authCheck', { userToken });
    expect(check.status, JSON.stringify(check.body)).toBe(200);
    expect(check.body.success).toBe(true);
    expect(check.body.bearer).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await t.post('/api/booking/user/get', {}, { bearer: check.body.bearer });
    expect(me.body.user).toMatchObject({ firstname: 'Alice', lastname: 'Martin', email: 'alice.martin@gmail.test', anonymous: false, onboarding: true });

    const again = await t.post('/api/front/user/authCheck', { userToken });
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ success: false, error_code: 'unauthenticated' });
  });

  test('signing in again finds the same diner through the linked identity', async () => {
    const userToken = newUserToken();
    expect(await signInWithGoogle(new TestBrowser(), 'alice', userToken)).toBeDefined();
    const check = await t.post('/api/front/user/authCheck', { userToken });
    expect(check.status).toBe(200);
    const rows = await t.database.db.select().from(users).where(eq(users.email, 'alice.martin@gmail.test'));
    expect(rows).toHaveLength(1);
    const links = await t.database.db.select().from(socialIdentities).where(eq(socialIdentities.userId, rows[0]!.id));
    expect(links).toEqual([expect.objectContaining({ provider: 'google', subject: 'alice' })]);
  });

  test('an unverified Google email signs nobody in and says why on the way back', async () => {
    const userToken = newUserToken();
    const landed = await signInWithGoogle(new TestBrowser(), 'mallory', userToken);
    expect(new URL(landed!).searchParams.get('auth_error')).toBe('email_required');
    expect((await t.post('/api/front/user/authCheck', { userToken })).status).toBe(401);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'mallory@gmail.test'))).toHaveLength(0);
  });

  test('a callback whose state cookie is missing (another browser) is refused', async () => {
    const browser = new TestBrowser();
    const userToken = newUserToken();
    const first = await browser.request('GET', `${t.url}/login/google?redirect=%2F&userToken=${userToken}`);
    expect(first.status).toBe(302);
    const state = new URL(first.location!).searchParams.get('state')!;
    const stranger = new TestBrowser();
    const callback = await stranger.request('GET', `${t.url}/login/google/callback?code=forged&state=${state}`);
    expect(callback.status).toBe(302);
    expect(new URL(callback.location!).searchParams.get('auth_error')).toBe('invalid_state');
    expect((await t.post('/api/front/user/authCheck', { userToken })).status).toBe(401);
  });

  test.each([
    ['a foreign absolute URL', 'https://evil.example/phish'],
    ['a scheme-relative URL', '//evil.example/phish'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a backslash trick', '/\\evil.example'],
  ])('redirect to %s is refused before anything starts', async (_name, redirect) => {
    const answer = await new TestBrowser().request('GET', `${t.url}/login/google?redirect=${encodeURIComponent(redirect)}&userToken=${newUserToken()}`);
    expect(answer.status).toBe(400);
    expect(answer.location).toBeUndefined();
  });

  test('a missing or too short userToken is refused', async () => {
    const answer = await new TestBrowser().request('GET', `${t.url}/login/google?redirect=%2F&userToken=short`);
    expect(answer.status).toBe(400);
  });
});

describe('a diner signs in with Facebook (OAuth 2.0 with PKCE against its endpoints)', () => {
  const backOnSite = (url: URL) => url.origin === new URL(t.url).origin && !url.pathname.startsWith('/login/');

  test('a new diner is created from the Facebook profile and bound to the userToken', async () => {
    facebook.person = { id: '10001', email: 'Bruno@Facebook.test', first_name: 'Bruno', last_name: 'Rossi' };
    const userToken = newUserToken();
    const browser = new TestBrowser();
    const { stoppedAt } = await browser.follow(
      'GET',
      `${t.url}/login/facebook?redirect=%2Fsakura-ramen%3Fauthed%3Dtrue&userToken=${userToken}`,
      undefined,
      backOnSite,
    );
    expect(stoppedAt).toBe(`${t.url}/sakura-ramen?authed=true`);
    const exchange = facebook.tokenRequests.at(-1)!;
    expect(exchange.get('grant_type')).toBe('authorization_code');
    expect(exchange.get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(exchange.get('redirect_uri')).toBe(`${t.url}/login/facebook/callback`);

    const check = await t.post('/api/front/user/authCheck', { userToken });
    expect(check.status).toBe(200);
    const me = await t.post('/api/booking/user/get', {}, { bearer: check.body.bearer });
    expect(me.body.user).toMatchObject({ firstname: 'Bruno', lastname: 'Rossi', email: 'bruno@facebook.test', phone: null, anonymous: false });
  });

  test('a Facebook profile with an existing account\u2019s email signs into that account', async () => {
    const registered = await t.post('/api/front/user/register', {
      firstname: 'Chiara',
      lastname: 'Bianchi',
      email: 'chiara@example.test',
      phone: '+393123456789',
      password: 'a long and rare passphrase',
    });
    expect(registered.status).toBe(200);
    facebook.person = { id: '10002', email: 'chiara@example.test', first_name: 'C', last_name: 'B' };
    const userToken = newUserToken();
    await new TestBrowser().follow('GET', `${t.url}/login/facebook?redirect=%2F&userToken=${userToken}`, undefined, backOnSite);
    const check = await t.post('/api/front/user/authCheck', { userToken });
    const me = await t.post('/api/booking/user/get', {}, { bearer: check.body.bearer });
    expect(me.body.user).toMatchObject({ firstname: 'Chiara', phone: '+393123456789', email: 'chiara@example.test' });
  });

  test('a Facebook profile without an email cannot sign in', async () => {
    facebook.person = { id: '10003', first_name: 'No', last_name: 'Mail' };
    const userToken = newUserToken();
    const { stoppedAt } = await new TestBrowser().follow('GET', `${t.url}/login/facebook?redirect=%2F&userToken=${userToken}`, undefined, backOnSite);
    expect(new URL(stoppedAt!).searchParams.get('auth_error')).toBe('email_required');
    expect((await t.post('/api/front/user/authCheck', { userToken })).status).toBe(401);
  });

  test('a diner who refuses at Facebook is sent back with access_denied', async () => {
    facebook.person = undefined;
    const userToken = newUserToken();
    const { stoppedAt } = await new TestBrowser().follow('GET', `${t.url}/login/facebook?redirect=%2F&userToken=${userToken}`, undefined, backOnSite);
    expect(new URL(stoppedAt!).searchParams.get('auth_error')).toBe('access_denied');
  });
});

describe('a social provider that is not configured', () => {
  test('answers 404 and login_methods reports it off', async () => {
    const bare = await startTestServer({ demo: false });
    try {
      expect((await bare.get('/login/google?redirect=%2F&userToken=0123456789abcdefXYZ')).status).toBe(404);
      expect((await bare.get('/api/mobile/login_methods')).body.methods).toEqual({ facebook: false, google: false, apple: false });
    } finally {
      await bare.close();
    }
  }, 60_000);
});
