/** Starts the real server on a fresh database for one test file, with a clock the test controls. */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AccountOptions } from '../../src/server/auth/account-settings.ts';
import type { DatabaseHandle } from '../../src/server/db/database.ts';
import { users } from '../../src/server/db/schema.ts';
import { createSession } from '../../src/server/auth/sessions.ts';
import { createRealtime, type Realtime } from '../../src/server/realtime/realtime.ts';
import { silentRealtimeLogger } from '../../src/server/realtime/realtime-logger.ts';
import { createServer, type CouvertServer, type ServerDeps } from '../../src/server/server.ts';
import { importDemoMerchants } from '../../src/server/services/demo-merchants.ts';
import { importMerchant } from '../../src/server/services/merchant-import.ts';
import { checkAnswersAgainstContract } from './contract-check.ts';
import { openTestDatabase } from './test-database.ts';
import type { SmsSender } from '../../src/server/mail/sms.ts';

/** The admin token every test server accepts. */
export const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';

/** A clock tests set and move. */
export interface TestClock {
  now(): Date;
  set(at: Date | string): void;
  advance(minutes: number): void;
}

/** Creates a clock standing at `start`. */
export function createTestClock(start: Date | string): TestClock {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (at) => {
      current = new Date(at);
    },
    advance: (minutes) => {
      current = new Date(current.getTime() + minutes * 60_000);
    },
  };
}

/** A JSON answer. */
export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
}

/** A running test server and what tests do with it. */
export interface TestServer {
  server: CouvertServer;
  database: DatabaseHandle;
  realtime: Realtime;
  clock: TestClock;
  mediaDir: string;
  /** Base URL when started with listen: true. */
  url: string;
  /** The server's public URL (its base URL when listening, else http://couvert.test). */
  publicUrl: string;
  /** POSTs JSON to a path; `bearer` adds the Authorization header. */
  post<T = any>(url: string, body: unknown, options?: { bearer?: string; headers?: Record<string, string> }): Promise<Answer<T>>;
  /** PUTs JSON to a path; `bearer` adds the Authorization header. */
  put<T = any>(url: string, body: unknown, options?: { bearer?: string; headers?: Record<string, string> }): Promise<Answer<T>>;
  /** GETs a path. */
  get<T = any>(url: string, options?: { bearer?: string; headers?: Record<string, string> }): Promise<Answer<T>>;
  /** Creates a diner (with a phone of its own unless given or null) and a session; returns its bearer and id. */
  signIn(details?: { firstname?: string; lastname?: string; email?: string; phone?: string | null }): Promise<{ bearer: string; userId: string }>;
  /** Imports a merchant definition object (images must be https URLs or absent). */
  importMerchant(definition: unknown): Promise<void>;
  close(): Promise<void>;
}

/** Options of a test server. */
export interface TestServerOptions {
  /** Where the clock starts (default: Monday 2026-11-23 09:00 UTC). */
  now?: Date | string;
  holdMinutes?: number;
  /** Import the demo merchants of scripts/demo-merchants (default true). */
  demo?: boolean;
  /** Listen on a real port (for pusher-js and other network clients). */
  listen?: boolean;
  /** Share live events through this Redis (default: REDIS_URL when set). */
  redisUrl?: string;
  siteDir?: string;
  /** Believe X-Forwarded-For (a test standing in for a proxy names the client address). */
  trustProxy?: boolean;
  /** Receives confirmation SMS (a fake gateway: the edge of the world). */
  sms?: SmsSender;
  /** Account settings (mailer, limits, social providers...), or a function of the public URL giving them. */
  accounts?: AccountOptions | ((publicUrl: string) => AccountOptions);
  /** Abuse limits of the booking calls (drafts, phones); without them drafts are not limited, so suites may book freely. */
  limits?: ServerDeps['limits'];
  /** Keep rate-limit counts in this Redis (default: in memory, apart from every other test server). */
  rateLimitRedisUrl?: string;
  /** Told when a merchant's public page must be rebuilt (the site builder's place). */
  onMerchantChange?: (slug: string) => void;
  /** Where restaurants' messages go (default: their definition's notifications). */
  restaurantRecipients?: ServerDeps['restaurantRecipients'];
  /** Hears every statement the server sends the database (the statement-count tests). */
  onQuery?: (query: string) => void;
}

/** A free port on the loopback interface (so the public URL is known before the server starts). */
async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

let userCounter = 0;
const UNLIMITED = 1_000_000;

/** A phone of its own for each test diner (one phone may hold one booking per merchant and time). */
const dinerPhone = (n: number) => `+336${String(10_000_000 + (n % 90_000_000))}`;

/** Starts a server for a test file; call close() in afterAll. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const clock = createTestClock(options.now ?? '2026-11-23T09:00:00Z');
  const database = await openTestDatabase(options.onQuery);
  const mediaDir = await mkdtemp(path.join(tmpdir(), 'couvert-media-'));
  const realtime = createRealtime({
    appId: 'test',
    key: 'test-key',
    secret: 'test-secret',
    cluster: 'eu',
    redisUrl: options.redisUrl ?? process.env.REDIS_URL,
    redisTopic: `couvert-test-${process.pid}-${Date.now()}`,
    logger: silentRealtimeLogger,
  });
  const port = options.listen ? await freePort() : 0;
  const publicUrl = options.listen ? `http://127.0.0.1:${port}` : 'http://couvert.test';
  const accounts = typeof options.accounts === 'function' ? options.accounts(publicUrl) : options.accounts;
  const server = await createServer({
    accounts: { publicUrl, ...accounts },
    limits: { ...options.limits, drafts: options.limits?.drafts ?? { perAddress: UNLIMITED, perDevice: UNLIMITED, perEvening: UNLIMITED } },
    rateLimitRedisUrl: options.rateLimitRedisUrl,
    db: database.db,
    realtime,
    now: clock.now,
    holdMinutes: options.holdMinutes ?? 10,
    adminToken: ADMIN_TOKEN,
    mediaDir,
    siteDir: options.siteDir,
    sms: options.sms,
    restaurantRecipients: options.restaurantRecipients,
    trustProxy: options.trustProxy,
    siteUrl: 'https://book.example',
    logLevel: 'silent',
    onMerchantChange: options.onMerchantChange,
  });
  const contract = checkAnswersAgainstContract(server.app);
  if (options.demo !== false) await importDemoMerchants(database.db, mediaDir);
  let url = '';
  if (options.listen) url = await server.app.listen({ port, host: '127.0.0.1' });
  else await server.app.ready();

  const send = async (method: 'GET' | 'POST' | 'PUT', target: string, body: unknown, opts: { bearer?: string; headers?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { ...opts.headers, ...contract.tag() };
    if (opts.bearer) headers.authorization = `Bearer ${opts.bearer}`;
    const response = await server.app.inject({ method, url: target, headers, ...(method === 'GET' ? {} : { payload: body as object }) });
    let parsed: unknown = response.body;
    try {
      parsed = JSON.parse(response.body);
    } catch {
      // Not JSON (a page or an .ics file): tests read the text.
    }
    contract.verify(headers, method, target, response.statusCode, response.headers['content-type'], parsed);
    return { status: response.statusCode, body: parsed as any, headers: response.headers };
  };

  return {
    server,
    database,
    realtime,
    clock,
    mediaDir,
    url,
    publicUrl,
    post: (target, body, opts) => send('POST', target, body, opts),
    put: (target, body, opts) => send('PUT', target, body, opts),
    get: (target, opts) => send('GET', target, undefined, opts),
    async signIn(details = {}) {
      userCounter += 1;
      const [user] = await database.db
        .insert(users)
        .values({
          firstname: details.firstname ?? 'Camille',
          lastname: details.lastname ?? `Diner${userCounter}`,
          email: details.email ?? `diner${userCounter}-${process.pid}@example.test`,
          phone: details.phone === null ? null : (details.phone ?? dinerPhone(userCounter)),
        })
        .returning();
      const { token } = await createSession(database.db, user!.id, { now: clock.now(), ttlSeconds: 24 * 3600 });
      return { bearer: token, userId: user!.id };
    },
    async importMerchant(definition) {
      await importMerchant(database.db, definition, { mediaDir });
    },
    async close() {
      await realtime.close();
      await server.app.close();
      await database.close();
      await rm(mediaDir, { recursive: true, force: true });
    },
  };
}
