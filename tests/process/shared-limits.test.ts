import { randomBytes, randomInt } from 'node:crypto';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { callApi, cleanUp, firstOpenSlot, startServer, tempFolder, type ServerProcess } from './processes.ts';
import { reachable } from '../support/reachable.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const unavailable = (await reachable(REDIS_URL)) ? undefined : `Redis is unreachable at ${REDIS_URL}`;
if (unavailable) console.warn(`shared-limits.test.ts skipped: ${unavailable}`);

let a: ServerProcess;
let b: ServerProcess;
/** A process of another deployment on the same Redis: a REDIS_PREFIX of its own. */
let other: ServerProcess;
const DEVICE_LIMIT = 3;
const SECRET = randomBytes(32).toString('base64');
const OTHER_PREFIX = `couvert-other-${randomBytes(6).toString('hex')}`;

describe.skipIf(unavailable !== undefined)('two server processes sharing Redis share every rate limit', () => {
  beforeAll(async () => {
    // Each process its own embedded database: only Redis is shared, so only the limits can be.
    const start = async (name: string, env: Record<string, string> = {}) => {
      const work = await tempFolder(`shared-limits-${name}`);
      return startServer(
        {
          DATA_DIR: path.join(work, 'data'),
          SITE_DIR: path.join(work, 'site'),
          BUILD_SITE: 'never',
          REDIS_URL,
          PUSHER_SECRET: SECRET,
          TRUST_PROXY: 'true',
          DRAFT_LIMIT_PER_DEVICE: String(DEVICE_LIMIT),
          ...env,
        },
        90_000,
      );
    };
    [a, b, other] = await Promise.all([start('a'), start('b'), start('other', { REDIS_PREFIX: OTHER_PREFIX })]);
  }, 150_000);
  afterAll(() => cleanUp(), 30_000);

  // Counts outlive a run in Redis for their window: every run speaks from an address and a device of its own.
  const address = () => `198.51.${randomInt(0, 256)}.${randomInt(1, 255)}`;

  test('new drafts from one device through either process count against one limit', async () => {
    const device = randomBytes(16).toString('base64url');
    const from = address();
    const slots = await Promise.all([firstOpenSlot(a.url, 'le-petit-zinc'), firstOpenSlot(b.url, 'le-petit-zinc')]);
    const draft = (server: ServerProcess, slot: (typeof slots)[number]) =>
      callApi(
        `${server.url}/api/booking/create`,
        { merchant_slug: 'le-petit-zinc', datetime: slot.timestamp, booking_zone_id: slot.zoneId, client_count: 2 },
        { 'x-forwarded-for': from, 'x-couvert-device': device },
      );
    const statuses = [];
    for (let i = 0; i <= DEVICE_LIMIT; i++) statuses.push((await draft(i % 2 === 0 ? a : b, slots[i % 2]!)).status);
    expect(statuses).toEqual([...Array(DEVICE_LIMIT).fill(200), 429]);
  });

  test('a process with another REDIS_PREFIX counts apart: a device at its limit of new drafts on one deployment makes one on the other', async () => {
    const device = randomBytes(16).toString('base64url');
    const from = address();
    const draft = async (server: ServerProcess) => {
      const slot = await firstOpenSlot(server.url, 'le-petit-zinc');
      const body = { merchant_slug: 'le-petit-zinc', datetime: slot.timestamp, booking_zone_id: slot.zoneId, client_count: 2 };
      return (await callApi(`${server.url}/api/booking/create`, body, { 'x-forwarded-for': from, 'x-couvert-device': device })).status;
    };
    for (let i = 0; i < DEVICE_LIMIT; i++) expect(await draft(a)).toBe(200);
    expect(await draft(b)).toBe(429);
    expect(await draft(other)).toBe(200);
    // Each count's key is the prefix, the limit's name and its value (not the plugin's route prefix, `undefinedundefined-` for our counters).
    const redis = new Redis(REDIS_URL);
    try {
      const keys = await redis.keys(`${OTHER_PREFIX}-rate:*`);
      const names = keys.map((key) => key.slice(`${OTHER_PREFIX}-rate:`.length).split(':')[0]);
      expect(names.sort()).toEqual(['draft-device', 'draft-evening', 'draft-ip']);
    } finally {
      redis.disconnect();
    }
  });

  test('password resets from one address through either process count against one limit', async () => {
    const from = address();
    // Emails of their own too: the per-email limit of a past run's emails may still be running.
    const run = randomBytes(6).toString('hex');
    const forgot = (server: ServerProcess, i: number) =>
      callApi(
        `${server.url}/api/user/forgot_password`,
        { email: `shared-${run}-${i}@example.test`, return_url: `${server.url}/auth/login` },
        { 'x-forwarded-for': from },
      );
    const statuses = [];
    for (let i = 0; i < 21; i++) statuses.push((await forgot(i % 2 === 0 ? a : b, i)).status);
    expect(statuses).toEqual([...Array(20).fill(200), 429]);
  });
});
