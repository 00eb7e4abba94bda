import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from '../../src/server/auth/rate-limit.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let t: TestServer;
const CLIENT = { client_id: 'couvert-web', client_secret: 'couvert-web-secret' };
const PASSWORD = 'a long and rare passphrase';

beforeAll(async () => {
  // The embedded defaults: 10 sign-ins per email and 50 per address every 15 minutes; 3 resets per email and 20 per address an hour.
  // As behind the load balancer: the proxy's X-Forwarded-For names each client.
  t = await startTestServer({ demo: false, trustProxy: true });
  const registered = await t.post('/api/front/user/register', { firstname: 'Rita', lastname: 'Limit', email: 'rita@example.test', phone: '+33612345678', password: PASSWORD });
  expect(registered.status).toBe(200);
}, 60_000);
afterAll(() => t.close());

const signIn = (username: string, password: string, ip = '203.0.113.7') =>
  t.post('/oauth/token', { grant_type: 'password', ...CLIENT, username, password }, { headers: { 'x-forwarded-for': ip } });
const forgot = (email: string, ip = '198.51.100.9') =>
  t.post('/api/user/forgot_password', { email, return_url: `${t.publicUrl}/auth/login` }, { headers: { 'x-forwarded-for': ip } });

describe('sign-in is rate-limited per email and per address', () => {
  test('the 11th attempt on one email within 15 minutes is a 429 with Retry-After, even with the right password', async () => {
    for (let i = 0; i < 10; i++) expect((await signIn('rita@example.test', 'wrong password', `192.0.2.${i}`)).status).toBe(400);
    const refused = await signIn('rita@example.test', PASSWORD, '192.0.2.99');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('rate_limited');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    t.clock.advance(16);
    expect((await signIn('rita@example.test', PASSWORD, '192.0.2.99')).status).toBe(200);
  });

  test('the 51st attempt from one address is a 429, whichever emails it tries', async () => {
    for (let i = 0; i < 50; i++) expect((await signIn(`guess${i}@example.test`, 'x', '203.0.113.50')).status).toBe(400);
    const refused = await signIn('rita@example.test', PASSWORD, '203.0.113.50');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn('rita@example.test', PASSWORD, '203.0.113.51')).status).toBe(200);
  });
});

describe('forgot_password is rate-limited per email and per address', () => {
  test('the 4th request for one email within an hour is a 429 in the API envelope', async () => {
    for (let i = 0; i < 3; i++) expect((await forgot('someone@example.test', `198.51.100.${i}`)).status).toBe(200);
    const refused = await forgot('someone@example.test', '198.51.100.200');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, error_code: 'rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(61);
    expect((await forgot('someone@example.test', '198.51.100.201')).status).toBe(200);
  });

  test('the 21st request from one address within an hour is a 429', async () => {
    for (let i = 0; i < 20; i++) expect((await forgot(`person${i}@example.test`, '198.51.100.77')).status).toBe(200);
    expect((await forgot('person-last@example.test', '198.51.100.77')).status).toBe(429);
  });
});

const limiters: Array<[string, () => RateLimiter]> = [['in memory', () => createMemoryRateLimiter()]];
if (process.env.REDIS_URL) {
  limiters.push(['in Redis', () => createRedisRateLimiter(process.env.REDIS_URL!, { prefix: `couvert-test:${randomBytes(6).toString('hex')}:` })]);
}

describe.each(limiters)('a rate limiter %s', (_name, make) => {
  let limiter: RateLimiter;
  beforeAll(() => {
    limiter = make();
  });
  afterAll(() => limiter.close());

  test('allows up to the limit in a window, then refuses with the seconds left', async () => {
    const policy = { limit: 3, windowSeconds: 60 };
    const decisions = [];
    for (let i = 0; i < 4; i++) decisions.push(await limiter.hit('k1', policy));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
    expect(decisions.map((d) => d.remaining)).toEqual([2, 1, 0, 0]);
    expect(decisions[3]!.retryAfterSeconds).toBeGreaterThan(0);
    expect(decisions[3]!.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  test('counts keys apart, and forgets a key on reset', async () => {
    const policy = { limit: 1, windowSeconds: 60 };
    expect((await limiter.hit('k2', policy)).allowed).toBe(true);
    expect((await limiter.hit('k3', policy)).allowed).toBe(true);
    expect((await limiter.hit('k2', policy)).allowed).toBe(false);
    await limiter.reset('k2');
    expect((await limiter.hit('k2', policy)).allowed).toBe(true);
  });

  test('a new window starts once the old one is over', async () => {
    const policy = { limit: 1, windowSeconds: 1 };
    expect((await limiter.hit('k4', policy)).allowed).toBe(true);
    expect((await limiter.hit('k4', policy)).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await limiter.hit('k4', policy)).allowed).toBe(true);
  });
});

describe('two servers sharing Redis share their counts', () => {
  test.runIf(!!process.env.REDIS_URL)('attempts through one count on the other', async () => {
    const prefix = `couvert-test:${randomBytes(6).toString('hex')}:`;
    const a = createRedisRateLimiter(process.env.REDIS_URL!, { prefix });
    const b = createRedisRateLimiter(process.env.REDIS_URL!, { prefix });
    try {
      const policy = { limit: 2, windowSeconds: 60 };
      expect((await a.hit('shared', policy)).allowed).toBe(true);
      expect((await b.hit('shared', policy)).allowed).toBe(true);
      expect((await a.hit('shared', policy)).allowed).toBe(false);
    } finally {
      await a.close();
      await b.close();
    }
  });
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
