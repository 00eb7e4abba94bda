/** What the API tests share: fixture merchants, the calls every booking test makes, and answer checks. */
import { expect } from 'vitest';
import { ADMIN_TOKEN, type Answer, type TestServer } from '../support/test-server.ts';

/** Unix seconds of an ISO 8601 instant written with its offset. */
export function unix(iso: string): number {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new Error(`not an instant: ${iso}`);
  return ms / 1000;
}

let slugCounter = 0;

/** A merchant slug no other test of the run uses. */
export function uniqueSlug(prefix: string): string {
  slugCounter += 1;
  return `${prefix}-${slugCounter}-${process.pid}`;
}

const everyDay = (slots: Array<{ start: string; end: string }>) => [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, slots }));

/** Top-level fields of a fixture that may be replaced; settings are merged into the defaults. */
export interface FixtureOverrides {
  name?: string;
  timezone?: string;
  address?: { address: string; address2?: string; zip: string; city: string };
  bookingEnabled?: boolean;
  settings?: Record<string, unknown>;
  shifts?: Array<{ day: number; slots: Array<{ start: string; end: string }> }>;
  closedDays?: string[];
  zones?: Array<{ name: string; tables: Array<{ name: string; minSeats: number; maxSeats: number; online?: boolean }> }>;
}

/**
 * A merchant definition in Paris open every day 12:00–14:00 and 19:00–22:00 every 30 minutes, bookings of
 * 90 minutes, a 60-minute lead time, pending until the restaurant confirms, and one zone "Salle" with one
 * table for 1 to 4 guests (the last table is easy to take).
 */
export function fixtureMerchant(slug: string, overrides: FixtureOverrides = {}): Record<string, unknown> {
  return {
    slug,
    name: overrides.name ?? `Fixture ${slug}`,
    timezone: overrides.timezone ?? 'Europe/Paris',
    address: overrides.address ?? { address: '1 rue de la Paix', address2: '', zip: '75002', city: 'Paris' },
    phone: '+33 1 00 00 00 00',
    url: 'https://fixture.example',
    theme: { primary: '#123456', background: '#fafafa' },
    bookingEnabled: overrides.bookingEnabled ?? true,
    settings: {
      minClientsPerBookings: 1,
      maxClientsPerBookings: 8,
      keepTableDuration: 15,
      bookingDurationMinutes: 90,
      slotIntervalMinutes: 30,
      minLeadMinutes: 60,
      maxCoversPerSlot: 100,
      autoConfirm: false,
      showZone: true,
      ...overrides.settings,
    },
    shifts:
      overrides.shifts ??
      everyDay([
        { start: '12:00', end: '14:00' },
        { start: '19:00', end: '22:00' },
      ]),
    closedDays: overrides.closedDays ?? [],
    zones: overrides.zones ?? [{ name: 'Salle', tables: [{ name: 'S1', minSeats: 1, maxSeats: 4 }] }],
  };
}

/** An imported fixture merchant: its slug and its active zone ids by name. */
export interface Fixture {
  slug: string;
  zones: Record<string, string>;
}

/** Imports a fixture merchant with a fresh slug; returns its slug and zone ids (read from the public merchant list). */
export async function importFixture(t: TestServer, prefix: string, overrides: FixtureOverrides = {}): Promise<Fixture> {
  const slug = uniqueSlug(prefix);
  await t.importMerchant(fixtureMerchant(slug, overrides));
  return { slug, zones: await zoneIdsOf(t, slug) };
}

/** A fixture merchant of one zone with one staff member. */
export interface Staffed {
  slug: string;
  /** The staff member's bearer. */
  staff: string;
  who: { email: string; password: string };
}

/** Imports a fixture merchant (zone "Salle" of `tables` tables of 1 to 6 seats) with one staff member, and signs them in. */
export async function importStaffedMerchant(t: TestServer, prefix: string, tables = 10): Promise<Staffed> {
  const slug = uniqueSlug(prefix);
  const who = { email: `host@${slug}.example`, password: `the passphrase of ${slug}` };
  const zoneTables = Array.from({ length: tables }, (_, i) => ({ name: `T${i + 1}`, minSeats: 1, maxSeats: 6 }));
  await t.importMerchant({ ...fixtureMerchant(slug, { zones: [{ name: 'Salle', tables: zoneTables }] }), staff: [who] });
  return { slug, staff: expectOk(await t.post('/api/pro/auth/login', who)).body.access_token as string, who };
}

/** The active zone ids of a merchant by zone name. */
export async function zoneIdsOf(t: TestServer, slug: string): Promise<Record<string, string>> {
  const listing = await t.get('/api/booking/merchants');
  const merchant = listing.body.merchants.find((candidate: { slug: string }) => candidate.slug === slug);
  if (!merchant) throw new Error(`merchant ${slug} is not listed`);
  return Object.fromEntries(merchant.zones.map((zone: { id: string; name: string }) => [zone.name, zone.id]));
}

/** Expects a successful JSON answer (the body is shown when it is not). */
export function expectOk<T>(answer: Answer<T>): Answer<T> {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect((answer.body as { success?: unknown }).success).toBe(true);
  return answer;
}

/** Expects a failure with this HTTP status and error_code, in the API's error shape. */
export function expectError(answer: Answer, status: number, errorCode: string): void {
  expect({ status: answer.status, success: answer.body?.success, error_code: answer.body?.error_code }, JSON.stringify(answer.body).slice(0, 500)).toEqual({
    status,
    success: false,
    error_code: errorCode,
  });
}

/** One slot of booking_slots/get. */
export interface SlotAnswer {
  timestamp: number;
  hour: string;
  available: boolean;
}

/** The slots of a day for a party in a zone ('all' for any). */
export async function slotsOf(t: TestServer, slug: string, date: string, zone: string, seats: number): Promise<SlotAnswer[]> {
  const answer = await t.post('/api/booking/booking_slots/get', { merchant_slug: slug, date, bookingZoneId: zone, needed_seats: seats });
  return expectOk(answer).body.slots;
}

/** Whether the slot at `hour` of that day is available for the party. */
export async function isAvailable(t: TestServer, slug: string, date: string, hour: string, zone: string, seats: number): Promise<boolean> {
  const slot = (await slotsOf(t, slug, date, zone, seats)).find((candidate) => candidate.hour === hour);
  if (!slot) throw new Error(`no slot at ${hour} on ${date} for ${slug}`);
  return slot.available;
}

/** What a create call sends. */
export interface DraftInput {
  slug: string;
  at: number;
  zone: string;
  seats: number;
  token?: string;
  bearer?: string;
  lang?: string;
}

/** Calls create (a new draft, or a change of the booking `token` names). */
export function create(t: TestServer, input: DraftInput): Promise<Answer> {
  return t.post(
    '/api/booking/create',
    {
      merchant_slug: input.slug,
      datetime: input.at,
      booking_zone_id: input.zone,
      client_count: input.seats,
      ...(input.token ? { token: input.token } : {}),
      ...(input.lang ? { lang: input.lang } : {}),
    },
    { bearer: input.bearer },
  );
}

/** Creates a draft and returns its token (fails the test when create fails). */
export async function createDraft(t: TestServer, input: DraftInput): Promise<string> {
  return expectOk(await create(t, input)).body.token;
}

/** Calls a diner call that names a booking (validate, cancel, get, update_user...). */
export function call(t: TestServer, name: string, slug: string, token: string, bearer?: string, extra: Record<string, unknown> = {}): Promise<Answer> {
  return t.post(`/api/booking/${name}`, { merchant_slug: slug, token, ...extra }, { bearer });
}

/** Creates and validates a booking for a new diner (or the given one); returns its token and the diner's bearer. */
export async function bookValidated(t: TestServer, input: DraftInput): Promise<{ token: string; bearer: string }> {
  const bearer = input.bearer ?? (await t.signIn()).bearer;
  const token = await createDraft(t, { ...input, bearer });
  expectOk(await call(t, 'validate', input.slug, token, bearer));
  return { token, bearer };
}

/** A restaurant action through the admin API. */
export function adminAction(t: TestServer, token: string, action: string, body: Record<string, unknown> = {}): Promise<Answer> {
  return t.post(`/api/admin/bookings/${token}/${action}`, body, { bearer: ADMIN_TOKEN });
}

/** The booking as booking/get returns it. */
export async function bookingOf(t: TestServer, slug: string, token: string, extra: Record<string, unknown> = {}): Promise<any> {
  return expectOk(await call(t, 'get', slug, token, undefined, extra)).body.booking;
}
