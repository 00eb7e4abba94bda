import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import type { StaffRole } from '../../src/shared/staff-roles.ts';
import { bookValidated, expectOk, unix } from '../api/api-helpers.ts';
import { importRoleMerchant, ROLES, type RoleMerchant } from '../api/role-merchant.ts';
import type { Answer } from '../support/test-server.ts';
import { useTestServer } from '../support/use-test-server.ts';

// The contract's Roles table, call by call: every staff call kind for a host, a manager and an owner.
const t = useTestServer({ demo: false });
let m: RoleMerchant;
/** One booking per role, so each role walks its own through the actions. */
const tokens = {} as Record<StaffRole, string>;
let channel: string;
let definition: Record<string, unknown>;

const DAY = '2026-11-25';
const AT = unix(`${DAY}T19:30:00+01:00`);

beforeAll(async () => {
  t.clock.set('2026-11-23T09:00:00Z');
  m = await importRoleMerchant(t, 'roles');
  for (const role of ROLES) tokens[role] = (await bookValidated(t, { slug: m.slug, at: AT, zone: 'all', seats: 2 })).token;
  channel = expectOk(await t.get('/api/pro/me', { bearer: m.bearer.owner })).body.merchants[0].channel;
  definition = expectOk(await t.get(`/api/pro/${m.slug}/definition`, { bearer: m.bearer.owner })).body.definition;
}, 60_000);

/** Sends any method, through the contract check for GET, POST and PUT. */
async function send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, bearer: string, body?: unknown): Promise<Answer> {
  if (method === 'GET') return t.get(url, { bearer });
  if (method === 'POST') return t.post(url, body ?? {}, { bearer });
  if (method === 'PUT') return t.put(url, body ?? {}, { bearer });
  const response = await t.server.app.inject({ method, url, headers: { authorization: `Bearer ${bearer}` } });
  return { status: response.statusCode, body: JSON.parse(response.body), headers: response.headers };
}

type Kind = { kind: string; allowed: readonly StaffRole[]; call: (role: StaffRole) => Promise<Answer>; ok?: number };
const everyone: readonly StaffRole[] = ['host', 'manager', 'owner'];
const managers: readonly StaffRole[] = ['manager', 'owner'];
const book = (role: StaffRole, action: string, body: Record<string, unknown> = {}) =>
  send('POST', `/api/pro/${m.slug}/bookings/${tokens[role]}/${action}`, m.bearer[role], body);

// In order: each role's booking is confirmed, noted, moved, marked and cancelled in turn.
const KINDS: Kind[] = [
  { kind: 'read the day', allowed: everyone, ok: 200, call: (role) => send('GET', `/api/pro/${m.slug}/bookings?day=${DAY}`, m.bearer[role]) },
  { kind: 'search', allowed: everyone, ok: 200, call: (role) => send('GET', `/api/pro/${m.slug}/bookings/search?q=Camille`, m.bearer[role]) },
  { kind: 'calendar', allowed: everyone, ok: 200, call: (role) => send('GET', `/api/pro/${m.slug}/bookings/calendar?month=2026-11`, m.bearer[role]) },
  {
    kind: 'catch-up',
    allowed: everyone,
    ok: 200,
    call: (role) => send('GET', `/api/pro/${m.slug}/bookings/changes?since=2026-11-23T08:00:00Z`, m.bearer[role]),
  },
  {
    kind: 'new phone booking',
    allowed: everyone,
    ok: 200,
    call: (role) => send('POST', `/api/pro/${m.slug}/bookings`, m.bearer[role], { datetime: AT, party: 2, firstname: `Tel ${role}`, phone: '+33611223344' }),
  },
  {
    kind: 'read a guest profile',
    allowed: everyone,
    ok: 200,
    call: (role) => send('GET', `/api/pro/${m.slug}/bookings/${tokens[role]}/guest`, m.bearer[role]),
  },
  {
    kind: 'save a guest profile',
    allowed: everyone,
    ok: 200,
    call: (role) =>
      send('PUT', `/api/pro/${m.slug}/bookings/${tokens[role]}/guest`, m.bearer[role], {
        vip: true,
        regular: false,
        seating: '',
        allergens: ['milk'],
        note: `Kept by the ${role}`,
        revision: 0,
      }),
  },
  { kind: 'confirm', allowed: everyone, ok: 200, call: (role) => book(role, 'confirm') },
  { kind: 'note', allowed: everyone, ok: 200, call: (role) => book(role, 'note', { note: `Noted by the ${role}` }) },
  { kind: 'move', allowed: everyone, ok: 200, call: (role) => book(role, 'move', { datetime: AT + 1800 }) },
  { kind: 'arrived (outside its service: refused by the clock, not the role)', allowed: everyone, call: (role) => book(role, 'arrived') },
  { kind: 'no-show', allowed: everyone, call: (role) => book(role, 'no_show') },
  { kind: 'finish', allowed: everyone, call: (role) => book(role, 'finish') },
  { kind: 'undo', allowed: everyone, call: (role) => book(role, 'undo') },
  { kind: 'cancel', allowed: everyone, ok: 200, call: (role) => book(role, 'cancel', { reason: 'restaurant_cancelled', message: 'Sorry' }) },
  { kind: 'refuse (once cancelled: refused by the life cycle)', allowed: everyone, call: (role) => book(role, 'refuse', { reason: 'restaurant_full' }) },
  { kind: 'list closings', allowed: everyone, ok: 200, call: (role) => send('GET', `/api/pro/${m.slug}/closings`, m.bearer[role]) },
  {
    kind: 'close a day',
    allowed: managers,
    ok: 200,
    call: (role) => send('POST', `/api/pro/${m.slug}/closings`, m.bearer[role], { kind: 'day', day: `2027-09-1${ROLES.indexOf(role)}` }),
  },
  {
    kind: 'close a service',
    allowed: managers,
    ok: 200,
    call: (role) => send('POST', `/api/pro/${m.slug}/closings`, m.bearer[role], { kind: 'shift', day: '2026-12-02', shift_id: '3-1' }),
  },
  {
    kind: 'close a time range',
    allowed: managers,
    ok: 200,
    call: (role) =>
      send('POST', `/api/pro/${m.slug}/closings`, m.bearer[role], { kind: 'range', starts_at: '2026-12-03T12:00:00Z', ends_at: '2026-12-03T13:00:00Z' }),
  },
  { kind: 'reopen', allowed: managers, call: (role) => send('DELETE', `/api/pro/${m.slug}/closings/00000000-0000-4000-8000-000000000000`, m.bearer[role]) },
  { kind: 'read the definition', allowed: managers, ok: 200, call: (role) => send('GET', `/api/pro/${m.slug}/definition`, m.bearer[role]) },
  // A revision nobody read: a role with the right gets as far as the revision check, and nothing is written.
  {
    kind: 'save the definition',
    allowed: managers,
    ok: 409,
    call: (role) => send('PUT', `/api/pro/${m.slug}/definition`, m.bearer[role], { definition: { ...definition, name: 'Renamed' }, revision: 0 }),
  },
  { kind: 'the definition’s history', allowed: managers, ok: 200, call: (role) => send('GET', `/api/pro/${m.slug}/definition/history`, m.bearer[role]) },
  {
    kind: 'upload a photo',
    allowed: managers,
    ok: 200,
    call: async (role) =>
      t.post(
        `/api/pro/${m.slug}/photos?kind=logo`,
        await sharp({ create: { width: 120, height: 120, channels: 3, background: '#c05020' } })
          .jpeg()
          .toBuffer(),
        {
          bearer: m.bearer[role],
          headers: { 'content-type': 'image/jpeg' },
        },
      ),
  },
  {
    kind: 'join the live channel',
    allowed: everyone,
    ok: 200,
    call: (role) => send('POST', '/broadcasting/auth', m.bearer[role], { socket_id: '1234.5678', channel_name: channel }),
  },
];

describe('the rights of each role, call by call (the contract’s Roles table)', () => {
  test.each(ROLES)('GET /api/pro/me names the %s’s role', async (role) => {
    const me = expectOk(await t.get('/api/pro/me', { bearer: m.bearer[role] })).body;
    expect(me.merchants).toEqual([expect.objectContaining({ slug: m.slug, role })]);
  });

  for (const role of ROLES) {
    describe(`as the ${role}`, () => {
      test.each(KINDS.map((kind) => [kind.kind, kind] as const))('%s', async (_kind, { allowed, call, ok }) => {
        const answer = await call(role);
        if (allowed.includes(role)) {
          expect(answer.body?.error_code, JSON.stringify(answer.body)).not.toBe('forbidden');
          expect([401, 403]).not.toContain(answer.status);
          if (ok !== undefined) expect(answer.status, JSON.stringify(answer.body)).toBe(ok);
        } else {
          expect({ status: answer.status, error_code: answer.body?.error_code }).toEqual({ status: 403, error_code: 'forbidden' });
        }
      });
    });
  }

  test('a host’s refused calls wrote nothing: no closing of theirs, the definition unchanged', async () => {
    const closings = expectOk(await t.get(`/api/pro/${m.slug}/closings`, { bearer: m.bearer.host })).body.closings;
    expect(closings.map((closing: { created_by: string }) => closing.created_by)).not.toContain(m.who.host.email);
    const read = expectOk(await t.get(`/api/pro/${m.slug}/definition`, { bearer: m.bearer.owner })).body;
    expect(read.revision).toBe(1);
  });
});
