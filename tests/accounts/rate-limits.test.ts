import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { rateLimit, registerRateLimits, type RateLimit } from '../../src/server/auth/rate-limit.ts';
import { signInDelayMs } from '../../src/server/auth/sign-in-delay.ts';
import { startTestServer } from '../support/test-server.ts';
import { useTestServer } from '../support/use-test-server.ts';

// The embedded defaults: 10 sign-ins per email and address and 50 per address every 15 minutes, slowed past
// 10 failures per email; 3 resets per email and 20 per address an hour.
// As behind the load balancer: the proxy's X-Forwarded-For names each client.
const t = useTestServer({ demo: false, trustProxy: true });
const CLIENT = { client_id: 'couvert-web', client_secret: 'couvert-web-secret' };
const PASSWORD = 'a long and rare passphrase';

beforeAll(async () => {
  for (const email of ['rita@example.test', 'owner@example.test', 'paul@example.test']) {
    const registered = await t.post('/api/front/user/register', { firstname: 'Rita', lastname: 'Limit', email, phone: '+33612345678', password: PASSWORD });
    expect(registered.status).toBe(200);
  }
}, 60_000);

const signIn = (username: string, password: string, ip = '203.0.113.7') =>
  t.post('/oauth/token', { grant_type: 'password', ...CLIENT, username, password }, { headers: { 'x-forwarded-for': ip } });
const forgot = (email: string, ip = '198.51.100.9') =>
  t.post('/api/user/forgot_password', { email, return_url: `${t.publicUrl}/auth/login` }, { headers: { 'x-forwarded-for': ip } });

/** Runs `work` as if `minutes` had passed (the limits' stores read the system clock, not the test clock). */
async function later<T>(minutes: number, work: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + minutes * 60_000 });
  try {
    return await work();
  } finally {
    vi.useRealTimers();
  }
}

/** How long `work` took, in milliseconds. */
async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await work();
  return [value, performance.now() - start];
}

describe('sign-in is refused per address and per email and address, and only slowed per email', () => {
  test('wrong passwords for one email from many addresses slow its owner down but never lock them out', async () => {
    for (let i = 0; i < 12; i++) expect((await signIn('owner@example.test', 'wrong password', `192.0.2.${i}`)).status).toBe(400);
    const [owner, ms] = await timed(() => signIn('owner@example.test', PASSWORD, '192.0.2.200'));
    expect(owner.status).toBe(200);
    // 12 failures, slowing from the 10th: 3 s.
    expect(ms).toBeGreaterThanOrEqual(2_900);
    // A wrong guess waits as long: the delay comes before the password is checked.
    const [guess, guessMs] = await timed(() => signIn('owner@example.test', 'wrong password', '192.0.2.201'));
    expect(guess.status).toBe(400);
    expect(guessMs).toBeGreaterThanOrEqual(2_900);
  }, 30_000);

  test('an email with few failures is not slowed', async () => {
    expect((await signIn('paul@example.test', 'wrong password', '192.0.2.150')).status).toBe(400);
    const [answer, ms] = await timed(() => signIn('paul@example.test', PASSWORD, '192.0.2.150'));
    expect(answer.status).toBe(200);
    expect(ms).toBeLessThan(900);
  });

  test('the 11th attempt on one email from one address within 15 minutes is a 429 with Retry-After, even with the right password', async () => {
    for (let i = 0; i < 10; i++) expect((await signIn('rita@example.test', 'wrong password', '192.0.2.99')).status).toBe(400);
    const refused = await signIn('rita@example.test', PASSWORD, '192.0.2.99');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('rate_limited');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Its owner, from their own address, gets in (slowed: the email has 10 failures).
    expect((await signIn('rita@example.test', PASSWORD, '192.0.2.98')).status).toBe(200);
    expect((await later(16, () => signIn('rita@example.test', PASSWORD, '192.0.2.99'))).status).toBe(200);
  }, 30_000);

  test('the 51st attempt from one address is a 429, whichever emails it tries', async () => {
    for (let i = 0; i < 50; i++) expect((await signIn(`guess${i}@example.test`, 'x', '203.0.113.50')).status).toBe(400);
    const refused = await signIn('paul@example.test', PASSWORD, '203.0.113.50');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn('paul@example.test', PASSWORD, '203.0.113.51')).status).toBe(200);
    // 52 sign-ins, each through the password hash's work or its timing twin: seconds on a busy machine.
  }, 30_000);
});

describe('the wait before a sign-in of an email that failed often', () => {
  test.each([
    [0, 0],
    [9, 0],
    [10, 1_000],
    [11, 2_000],
    [14, 5_000],
    [1_000, 5_000],
  ])('after %i failures (slowing from 10): %i ms', (failures, ms) => {
    expect(signInDelayMs(failures, 10)).toBe(ms);
  });
});

describe('forgot_password is rate-limited per email and per address', () => {
  test('the 4th request for one email within an hour is a 429 in the API envelope', async () => {
    for (let i = 0; i < 3; i++) expect((await forgot('someone@example.test', `198.51.100.${i}`)).status).toBe(200);
    const refused = await forgot('someone@example.test', '198.51.100.200');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, error_code: 'rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await later(61, () => forgot('someone@example.test', '198.51.100.201'))).status).toBe(200);
  });

  test('the 21st request from one address within an hour is a 429', async () => {
    for (let i = 0; i < 20; i++) expect((await forgot(`person${i}@example.test`, '198.51.100.77')).status).toBe(200);
    expect((await forgot('person-last@example.test', '198.51.100.77')).status).toBe(429);
  });
});

const stores: Array<[string, string | undefined]> = [['in memory', undefined]];
if (process.env.REDIS_URL) stores.push(['in Redis', process.env.REDIS_URL]);

/** A bare server with the rate-limit plugin; `key` header names the key. */
async function limitsApp(redisUrl: string | undefined, nameSpace: string): Promise<FastifyInstance> {
  const app = Fastify();
  await registerRateLimits(app, { redisUrl, nameSpace });
  return app;
}

/** A request whose key is `key` (as the plugin reads one outside a route). */
const requestFor = (key: string) => ({ headers: { key }, routeOptions: { config: {} } }) as never;
const keyHeader = (request: { headers: Record<string, unknown> }) => String(request.headers.key);

describe.each(stores)('a rate limit %s', (_name, redisUrl) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await limitsApp(redisUrl, `couvert-test:${randomBytes(6).toString('hex')}:`);
  });
  afterAll(() => app.close());

  test('allows up to the limit in a window, then refuses with the seconds left', async () => {
    const limit = rateLimit(app, 'a', { limit: 3, windowSeconds: 60 }, keyHeader);
    const waits = [];
    for (let i = 0; i < 4; i++) waits.push(await limit.hit(requestFor('k1')));
    expect(waits.slice(0, 3)).toEqual([undefined, undefined, undefined]);
    expect(waits[3]).toBeGreaterThan(0);
    expect(waits[3]).toBeLessThanOrEqual(60);
  });

  test('counts keys apart, and reads a count without adding to it', async () => {
    const limit = rateLimit(app, 'b', { limit: 1, windowSeconds: 60 }, keyHeader);
    expect(await limit.hit(requestFor('k2'))).toBeUndefined();
    expect(await limit.hit(requestFor('k3'))).toBeUndefined();
    expect(await limit.hit(requestFor('k2'))).toBeGreaterThan(0);
    expect(await limit.count(requestFor('k3'))).toBe(1);
    expect(await limit.count(requestFor('k3'))).toBe(1);
    expect(await limit.count(requestFor('k9'))).toBe(0);
  });

  test('a new window starts once the old one is over', async () => {
    const limit = rateLimit(app, 'c', { limit: 1, windowSeconds: 1 }, keyHeader);
    expect(await limit.hit(requestFor('k4'))).toBeUndefined();
    expect(await limit.hit(requestFor('k4'))).toBeGreaterThan(0);
    // In memory the window is read from Date, which the test moves; Redis expires its keys on its own clock.
    if (redisUrl) await new Promise((resolve) => setTimeout(resolve, 1100));
    const hitAfterTheWindow = () => limit.hit(requestFor('k4'));
    expect(await (redisUrl ? hitAfterTheWindow() : later(1, hitAfterTheWindow))).toBeUndefined();
  });
});

describe('two servers sharing Redis share their counts', () => {
  test.runIf(!!process.env.REDIS_URL)('attempts through one count on the other', async () => {
    const nameSpace = `couvert-test:${randomBytes(6).toString('hex')}:`;
    const a = await limitsApp(process.env.REDIS_URL, nameSpace);
    const b = await limitsApp(process.env.REDIS_URL, nameSpace);
    try {
      const policy = { limit: 2, windowSeconds: 60 };
      const [onA, onB]: RateLimit[] = [rateLimit(a, 'shared', policy, keyHeader), rateLimit(b, 'shared', policy, keyHeader)];
      expect(await onA!.hit(requestFor('k'))).toBeUndefined();
      expect(await onB!.hit(requestFor('k'))).toBeUndefined();
      expect(await onA!.hit(requestFor('k'))).toBeGreaterThan(0);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('a rate-limit store that does not answer', () => {
  test('lets requests through rather than refusing or failing them', async () => {
    const app = await limitsApp('redis://127.0.0.1:1', 'couvert-test:down:');
    try {
      const limit = rateLimit(app, 'down', { limit: 1, windowSeconds: 60 }, keyHeader);
      expect(await limit.hit(requestFor('k'))).toBeUndefined();
      expect(await limit.hit(requestFor('k'))).toBeUndefined();
    } finally {
      await app.close();
    }
  }, 20_000);
});

describe('client addresses come from X-Forwarded-For only behind a trusted proxy', () => {
  test('without TRUST_PROXY a forged X-Forwarded-For does not dodge the per-address limit', async () => {
    const direct = await startTestServer({ demo: false });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) {
        const answer = await direct.post(
          '/api/user/forgot_password',
          { email: `forged-${i}@example.test`, return_url: `${direct.publicUrl}/auth/login` },
          { headers: { 'x-forwarded-for': `10.9.${i}.1` } },
        );
        statuses.push(answer.status);
      }
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await direct.close();
    }
  }, 60_000);
});
