/**
 * Whatever the calls, the caches never show what the database no longer says: after each call of a random sequence
 * (drafts, validations, a diner's changes, staff actions, closings, staff sessions, imports of a changed definition,
 * time passing), every read the caches serve answers as the same read on a server with none of them.
 * Seeded: CACHE_PROPERTY_SEED replays a run, CACHE_PROPERTY_RUNS sets how many random sequences follow the fixed
 * ones (fast-check shrinks a failure). A loaded machine stops the random runs after 50 s rather than time out.
 */
import fc from 'fast-check';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { expect, test } from 'vitest';
import type { Database } from '../../src/server/db/database.ts';
import { schema } from '../../src/server/db/schema.ts';
import { createRealtime } from '../../src/server/realtime/realtime.ts';
import { silentRealtimeLogger } from '../../src/server/realtime/realtime-logger.ts';
import { createServer } from '../../src/server/server.ts';
import { fixtureMerchant, uniqueSlug } from '../api/api-helpers.ts';
import { ADMIN_TOKEN, type Answer } from '../support/test-server.ts';
import { useTestServer } from '../support/use-test-server.ts';

const t = useTestServer({ demo: false });

const START = '2026-11-23T09:00:00Z';
const DAYS = ['2026-11-25', '2026-11-26'] as const;
const TIMES = ['12:00', '12:30', '19:00', '19:30', '21:00'] as const;
const PASSWORDS = ['the first passphrase of the host', 'the second passphrase of the host'] as const;

/** Unix seconds of a Paris local time (UTC+1 in November). */
const at = (day: string, time: string) => Date.parse(`${day}T${time}:00+01:00`) / 1000;

/** One call of a sequence; numbers pick among what the run has made so far (modulo its count). */
type Action =
  | { kind: 'draft'; diner: number; day: number; time: number; seats: number }
  | { kind: 'change'; booking: number; day: number; time: number; seats: number }
  | { kind: 'validate' | 'dinerCancel'; booking: number }
  | { kind: 'staffAct'; booking: number; act: 'confirm' | 'refuse' | 'cancel' | 'arrived' }
  | { kind: 'staffMove'; booking: number; day: number; time: number }
  | { kind: 'staffBook'; day: number; time: number; seats: number }
  | { kind: 'close'; day: number; shift: boolean }
  | { kind: 'reopen'; closing: number }
  | { kind: 'signIn' | 'signOut' | 'passwordChange'; bearer: number }
  | { kind: 'dinerDetails'; diner: number; lastname: string }
  | { kind: 'import'; tables: number; zoneName: boolean; secondStaff: boolean }
  | { kind: 'staffEdit'; tables: number; role: 'owner' | 'manager' | 'host' }
  | { kind: 'timePasses'; minutes: number };

const index = fc.nat({ max: 20 });
const day = fc.nat({ max: DAYS.length - 1 });
const time = fc.nat({ max: TIMES.length - 1 });
const seats = fc.integer({ min: 1, max: 5 });
const action: fc.Arbitrary<Action> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('draft' as const), diner: index, day, time, seats }), weight: 4 },
  fc.record({ kind: fc.constant('change' as const), booking: index, day, time, seats }),
  { arbitrary: fc.record({ kind: fc.constant('validate' as const), booking: index }), weight: 3 },
  fc.record({ kind: fc.constant('dinerCancel' as const), booking: index }),
  {
    arbitrary: fc.record({
      kind: fc.constant('staffAct' as const),
      booking: index,
      act: fc.constantFrom('confirm' as const, 'refuse' as const, 'cancel' as const, 'arrived' as const),
    }),
    weight: 2,
  },
  fc.record({ kind: fc.constant('staffMove' as const), booking: index, day, time }),
  fc.record({ kind: fc.constant('staffBook' as const), day, time, seats }),
  fc.record({ kind: fc.constant('close' as const), day, shift: fc.boolean() }),
  fc.record({ kind: fc.constant('reopen' as const), closing: index }),
  { arbitrary: fc.record({ kind: fc.constantFrom('signIn' as const, 'signOut' as const, 'passwordChange' as const), bearer: index }), weight: 2 },
  fc.record({ kind: fc.constant('dinerDetails' as const), diner: index, lastname: fc.constantFrom('Martin', 'Durand', 'Petit') }),
  fc.record({ kind: fc.constant('import' as const), tables: fc.integer({ min: 1, max: 3 }), zoneName: fc.boolean(), secondStaff: fc.boolean() }),
  fc.record({
    kind: fc.constant('staffEdit' as const),
    tables: fc.integer({ min: 1, max: 3 }),
    role: fc.constantFrom('owner' as const, 'manager' as const, 'host' as const),
  }),
  fc.record({ kind: fc.constant('timePasses' as const), minutes: fc.constantFrom(5, 15, 90) }),
);

/** What one run has made: its merchant, diners, bookings, closings and staff bearers. */
interface Run {
  slug: string;
  host: { email: string; password: string };
  diners: Array<{ bearer: string; phone: string }>;
  bookings: Array<{ token: string; bearer?: string }>;
  closings: string[];
  bearers: string[];
}

const pick = <T>(list: T[], n: number): T | undefined => (list.length === 0 ? undefined : list[n % list.length]);

function definition(run: Run, tables: number, zoneName: boolean, secondStaff: boolean) {
  const zone = { name: zoneName ? 'Terrasse' : 'Salle', tables: Array.from({ length: tables }, (_, i) => ({ name: `T${i + 1}`, minSeats: 1, maxSeats: 4 })) };
  const staff = [{ email: run.host.email, password: PASSWORDS[0] }, ...(secondStaff ? [{ email: `second@${run.slug}.example`, password: PASSWORDS[0] }] : [])];
  return { ...fixtureMerchant(run.slug, { zones: [zone] }), staff };
}

async function startRun(): Promise<Run> {
  t.clock.set(START);
  const slug = uniqueSlug('cache');
  const run: Run = { slug, host: { email: `host@${slug}.example`, password: PASSWORDS[0] }, diners: [], bookings: [], closings: [], bearers: [] };
  await t.importMerchant(definition(run, 2, false, false));
  for (let i = 0; i < 2; i++) {
    const phone = `+3361${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
    run.diners.push({ bearer: (await t.signIn({ phone })).bearer, phone });
  }
  await signIn(run);
  return run;
}

async function signIn(run: Run): Promise<void> {
  const answer = await t.post('/api/pro/auth/login', run.host);
  if (answer.status === 200) run.bearers.push(answer.body.access_token as string);
}

const staffBearer = (run: Run) => run.bearers.at(-1) ?? '';
const staffPost = (run: Run, path: string, body: Record<string, unknown>) => t.post(`/api/pro/${run.slug}${path}`, body, { bearer: staffBearer(run) });

async function perform(run: Run, a: Action): Promise<void> {
  switch (a.kind) {
    case 'draft': {
      const diner = pick(run.diners, a.diner)!;
      const body = { merchant_slug: run.slug, datetime: at(DAYS[a.day]!, TIMES[a.time]!), booking_zone_id: 'all', client_count: a.seats };
      const answer = await t.post('/api/booking/create', body, { bearer: diner.bearer });
      if (answer.status === 200) run.bookings.push({ token: answer.body.token as string, bearer: diner.bearer });
      return;
    }
    case 'change': {
      const booking = pick(run.bookings, a.booking);
      if (!booking) return;
      const body = { merchant_slug: run.slug, token: booking.token, datetime: at(DAYS[a.day]!, TIMES[a.time]!), booking_zone_id: 'all', client_count: a.seats };
      await t.post('/api/booking/create', body, { bearer: booking.bearer });
      return;
    }
    case 'validate':
    case 'dinerCancel': {
      const booking = pick(run.bookings, a.booking);
      if (booking)
        await t.post(
          `/api/booking/${a.kind === 'validate' ? 'validate' : 'cancel'}`,
          { merchant_slug: run.slug, token: booking.token },
          { bearer: booking.bearer },
        );
      return;
    }
    case 'staffAct': {
      const booking = pick(run.bookings, a.booking);
      const reasons = { refuse: { reason: 'restaurant_full', message: 'Sorry' }, cancel: { reason: 'restaurant_cancelled', message: 'Sorry' } };
      if (booking) await staffPost(run, `/bookings/${booking.token}/${a.act}`, a.act === 'refuse' || a.act === 'cancel' ? reasons[a.act] : {});
      return;
    }
    case 'staffMove': {
      const booking = pick(run.bookings, a.booking);
      if (booking) await staffPost(run, `/bookings/${booking.token}/move`, { datetime: at(DAYS[a.day]!, TIMES[a.time]!), zone_id: 'all' });
      return;
    }
    case 'staffBook': {
      const body = { firstname: 'Walk', lastname: 'In', phone: '+33699887766', datetime: at(DAYS[a.day]!, TIMES[a.time]!), party: a.seats };
      const answer = await staffPost(run, '/bookings', body);
      if (answer.status === 200 && typeof answer.body.booking?.token === 'string') run.bookings.push({ token: answer.body.booking.token });
      return;
    }
    case 'close': {
      // Shift ids are the weekday and the shift's index: the evening of Wednesday 25 or Thursday 26.
      const body = a.shift
        ? { kind: 'shift', day: DAYS[a.day], shift_id: `${3 + a.day}-1`, note: 'Private party' }
        : { kind: 'day', day: DAYS[a.day], note: 'Inventory' };
      const answer = await staffPost(run, '/closings', body);
      if (answer.status === 200 && typeof answer.body.closing?.id === 'string') run.closings.push(answer.body.closing.id);
      return;
    }
    case 'reopen': {
      const id = pick(run.closings, a.closing);
      const headers = { authorization: `Bearer ${staffBearer(run)}` };
      if (id) await t.server.app.inject({ method: 'DELETE', url: `/api/pro/${run.slug}/closings/${id}`, headers });
      return;
    }
    case 'signIn':
      return signIn(run);
    case 'signOut': {
      const bearer = pick(run.bearers, a.bearer);
      if (bearer) await t.post('/api/pro/auth/logout', {}, { bearer });
      return;
    }
    case 'passwordChange': {
      const next = run.host.password === PASSWORDS[0] ? PASSWORDS[1] : PASSWORDS[0];
      const answer = await t.post('/api/pro/auth/password', { current: run.host.password, next }, { bearer: pick(run.bearers, a.bearer) ?? '' });
      if (answer.status === 200) run.host.password = next;
      return;
    }
    case 'dinerDetails': {
      const diner = pick(run.diners, a.diner)!;
      await t.post('/api/front/user/update', { firstname: 'Camille', lastname: a.lastname, phone: diner.phone, lang: 'fr' }, { bearer: diner.bearer });
      return;
    }
    case 'import':
      await t.importMerchant(definition(run, a.tables, a.zoneName, a.secondStaff));
      // The definition's password is the host's again.
      run.host.password = PASSWORDS[0];
      return;
    case 'staffEdit': {
      // The staff's own definition: the floor, and the host's role that /api/pro/me names, change through it.
      const read = await t.get(`/api/pro/${run.slug}/definition`, { bearer: staffBearer(run) });
      if (read.status !== 200) return;
      const { definition, revision } = read.body;
      const zone = { ...definition.zones[0], tables: Array.from({ length: a.tables }, (_, i) => ({ name: `T${i + 1}`, minSeats: 1, maxSeats: 4 })) };
      // A second member, when listed, is the owner that must remain.
      const staff = definition.staff.map((member: { email: string }) => ({ ...member, role: member.email === run.host.email ? a.role : 'owner' }));
      await t.put(`/api/pro/${run.slug}/definition`, { definition: { ...definition, zones: [zone], staff }, revision }, { bearer: staffBearer(run) });
      return;
    }
    case 'timePasses':
      t.clock.advance(a.minutes);
      // What the periodic job does as time passes: lapsed drafts release their tables, past bookings finish.
      await t.server.bookings.sweep();
      return;
  }
}

/** The reads the caches serve (availability, the floor, the staff day view, staff sessions), as one comparable record. */
async function reads(send: (method: 'GET' | 'POST', url: string, body?: object, bearer?: string) => Promise<Answer>, run: Run) {
  const out: Record<string, unknown> = {};
  const keep = (name: string, answer: Answer) => (out[name] = { status: answer.status, body: answer.body });
  keep('merchant', await send('POST', '/api/booking/booking_merchant/get', { merchant_slug: run.slug }));
  keep('calendar', await send('POST', '/api/booking/closed_booking_calendar', { merchant_slug: run.slug }));
  for (const date of DAYS) {
    keep(`zones ${date}`, await send('POST', '/api/booking/booking_zones/get', { merchant_slug: run.slug, date }));
    for (const seats of [2, 4]) {
      keep(
        `slots ${date} ${seats}`,
        await send('POST', '/api/booking/booking_slots/get', { merchant_slug: run.slug, date, bookingZoneId: 'all', needed_seats: seats }),
      );
    }
  }
  for (const [i, bearer] of run.bearers.entries()) keep(`staff session ${i}`, await send('GET', '/api/pro/me', undefined, bearer));
  // Read as the host's bearer just checked, so both servers answer for the same session.
  const live = run.bearers.findLast((bearer, i) => (out[`staff session ${i}`] as Answer).status === 200);
  if (live) for (const date of DAYS) keep(`staff day ${date}`, await send('GET', `/api/pro/${run.slug}/bookings?day=${date}`, undefined, live));
  return out;
}

/** A handle of its own on the same database: its caches start empty and it trusts no change feed. */
function uncachedHandle(db: Database): Database {
  const client = (db as unknown as { $client: unknown }).$client;
  const fresh = t.database.kind === 'pglite' ? drizzlePglite({ client: client as never, schema }) : drizzlePostgres(client as never, { schema });
  return fresh as unknown as Database;
}

/** Expects the test server's cached reads to equal those of a fresh server with nothing cached. */
async function expectCoherent(run: Run, after: Action[]): Promise<void> {
  const realtime = createRealtime({ appId: 'uncached', key: 'k', secret: 's', cluster: 'eu', logger: silentRealtimeLogger });
  const uncached = await createServer({
    db: uncachedHandle(t.database.db),
    realtime,
    now: t.clock.now,
    adminToken: ADMIN_TOKEN,
    mediaDir: t.mediaDir,
    accounts: { publicUrl: t.publicUrl },
    siteUrl: 'https://book.example',
    logLevel: 'silent',
  });
  try {
    await uncached.app.ready();
    const via = (app: typeof uncached.app) => async (method: 'GET' | 'POST', url: string, body?: object, bearer?: string) => {
      const response = await app.inject({ method, url, headers: bearer ? { authorization: `Bearer ${bearer}` } : {}, ...(body ? { payload: body } : {}) });
      return { status: response.statusCode, body: response.json(), headers: response.headers } as Answer;
    };
    // Cached first: reading uncached first could not warm the other's caches, but the order keeps that obvious.
    const cached = await reads(via(t.server.app), run);
    expect(cached, `after ${JSON.stringify(after)}`).toEqual(await reads(via(uncached.app), run));
  } finally {
    await uncached.app.close();
    await realtime.close();
  }
}

/** Sequences run first whatever the seed: each write that a cache keeps a copy of, once. */
const examples: Action[][] = [
  [{ kind: 'signOut', bearer: 0 }],
  [
    { kind: 'signIn', bearer: 0 },
    { kind: 'passwordChange', bearer: 1 },
  ],
  [{ kind: 'import', tables: 3, zoneName: true, secondStaff: false }],
  [
    { kind: 'import', tables: 1, zoneName: false, secondStaff: true },
    { kind: 'staffEdit', tables: 3, role: 'host' },
  ],
  [
    { kind: 'close', day: 0, shift: true },
    { kind: 'reopen', closing: 0 },
  ],
  [
    { kind: 'draft', diner: 0, day: 0, time: 2, seats: 2 },
    { kind: 'validate', booking: 0 },
    { kind: 'dinerDetails', diner: 0, lastname: 'Durand' },
    { kind: 'staffAct', booking: 0, act: 'confirm' },
    { kind: 'staffMove', booking: 0, day: 1, time: 0 },
    { kind: 'timePasses', minutes: 90 },
  ],
];

const numRuns = Number(process.env.CACHE_PROPERTY_RUNS ?? 5);
const seed = process.env.CACHE_PROPERTY_SEED === undefined ? undefined : Number(process.env.CACHE_PROPERTY_SEED);

test('after any sequence of calls, every cached read answers as the same read with nothing cached', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 12 }), async (actions) => {
      const run = await startRun();
      // Warm every cache before the first write, so a write that drops nothing leaves a stale copy to find.
      await expectCoherent(run, []);
      for (const [i, a] of actions.entries()) {
        await perform(run, a);
        await expectCoherent(run, actions.slice(0, i + 1));
      }
    }),
    {
      numRuns: numRuns + examples.length,
      seed,
      examples: examples.map((sequence) => [sequence] as [Action[]]),
      interruptAfterTimeLimit: 50_000,
      markInterruptAsFailure: false,
    },
  );
}, 240_000);
