import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { ADMIN_TOKEN } from '../support/test-server.ts';
import { contractExample } from '../support/contract-examples.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { bookingOf, createDraft, expectError, expectOk, zoneIdsOf } from './api-helpers.ts';

// The floor's fields of the contract (tables' online, priority and plan, zones' combinations, durationByPartySize):
// imported, exported, edited by staff, recorded, and in the staff day view.
const t = useTestServer({ demo: false });
const v2 = JSON.parse(readFileSync(contractExample('merchant.v2.example.json'), 'utf8')) as Record<string, any>;
const slug = v2.slug as string;
let bearer = '';

const exported = async () => expectOk(await t.get(`/api/admin/merchants/${slug}`, { bearer: ADMIN_TOKEN })).body.merchant;
const put = async (definition: unknown) => {
  const response = await t.server.app.inject({
    method: 'PUT',
    url: `/api/admin/merchants/${slug}`,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    payload: definition as object,
  });
  return { status: response.statusCode, body: response.json() };
};
const read = async () => expectOk(await t.get(`/api/pro/${slug}/definition`, { bearer })).body as { definition: any; revision: number };
const save = (definition: unknown, revision: number) => t.put(`/api/pro/${slug}/definition`, { definition, revision }, { bearer });

beforeAll(async () => {
  expect((await put(v2)).body).toMatchObject({ success: true, created: true });
  bearer = expectOk(await t.post('/api/pro/auth/login', { email: v2.staff[0].email, password: v2.staff[0].password })).body.access_token;
}, 60_000);

describe('the contract’s v2 example', () => {
  test('imports with every floor field, exported as given (defaults left out), and its export imports again unchanged', async () => {
    const before = await exported();
    expect(before.settings.durationByPartySize).toEqual(v2.settings.durationByPartySize);
    expect(before.zones.map((zone: any) => ({ name: zone.name, tables: zone.tables, combinations: zone.combinations }))).toEqual(
      v2.zones.map((zone: any) => ({ name: zone.name, tables: zone.tables, combinations: zone.combinations })),
    );
    expect((await put(before)).body).toMatchObject({ success: true, created: false });
    expect(await exported()).toEqual(before);
  });

  test('re-imported with its floor changed, tables matched by name keep their bookings', async () => {
    const zones = await zoneIdsOf(t, slug);
    const at = Math.floor(Date.parse('2026-12-01T19:00:00Z') / 1000);
    const token = await createDraft(t, { slug, at, zone: zones.Salle!, seats: 2 });
    const before = await exported();
    const changed = structuredClone(before);
    changed.zones[0].tables = changed.zones[0].tables.map((table: any) => ({ ...table, priority: 7, plan: { x: 1, y: 2, shape: 'rect' } }));
    changed.zones[0].combinations = [{ tables: ['S1', 'S2', 'S3'], minSeats: 4, maxSeats: 8 }];
    expect((await put(changed)).body).toMatchObject({ success: true });
    expect(await exported()).toEqual(changed);
    expect(await bookingOf(t, slug, token)).toMatchObject({ token });
    expect((await put(before)).body).toMatchObject({ success: true });
  });
});

describe('the staff’s own definition', () => {
  test('GET answers the floor fields, PUT saves a changed plan, and the history records the zones’ change', async () => {
    const { definition, revision } = await read();
    expect(definition.zones[1].tables[1]).toEqual({ name: 'T2', minSeats: 2, maxSeats: 4, online: false });
    expect(definition.zones[0].combinations).toEqual(v2.zones[0].combinations);
    const zones = structuredClone(definition.zones);
    zones[1].tables[0].plan = { x: 12.5, y: 99, shape: 'square' };
    zones[1].tables[1].online = true;
    const settings = { ...definition.settings, durationByPartySize: [{ upTo: 3, minutes: 80 }] };
    expectOk(await save({ ...definition, zones, settings }, revision));
    const after = await read();
    expect(after.definition.zones[1].tables).toEqual([
      { name: 'T1', minSeats: 1, maxSeats: 2, plan: { x: 12.5, y: 99, shape: 'square' } },
      { name: 'T2', minSeats: 2, maxSeats: 4 },
    ]);
    expect(after.definition.settings.durationByPartySize).toEqual([{ upTo: 3, minutes: 80 }]);
    const [latest] = expectOk(await t.get(`/api/pro/${slug}/definition/history`, { bearer })).body.changes;
    expect(latest.fields).toEqual(['settings', 'zones']);
    expect(latest.before.zones[1].tables[1]).toMatchObject({ online: false });
    expect(latest.after.zones[1].tables[0]).toMatchObject({ plan: { x: 12.5, y: 99, shape: 'square' } });
    expectOk(await save(definition, after.revision));
  });

  test.each([
    ['a combination of one table', (d: any) => (d.zones[0].combinations[0].tables = ['S1']), ['zones.0.combinations.0.tables']],
    ['a table of another zone', (d: any) => (d.zones[0].combinations[0].tables = ['S1', 'T1']), ['zones.0.combinations.0.tables.1']],
    ['a table twice', (d: any) => (d.zones[0].combinations[0].tables = ['S1', 'S1']), ['zones.0.combinations.0.tables.1']],
    ['minSeats above maxSeats', (d: any) => Object.assign(d.zones[0].combinations[0], { minSeats: 4, maxSeats: 3 }), ['zones.0.combinations.0.minSeats']],
    ['more seats than its tables hold', (d: any) => (d.zones[0].combinations[0].maxSeats = 5), ['zones.0.combinations.0.maxSeats']],
    [
      'the same tables combined twice',
      (d: any) => d.zones[0].combinations.push({ tables: ['S2', 'S1'], minSeats: 2, maxSeats: 3 }),
      ['zones.0.combinations.2.tables'],
    ],
    [
      'durations not ascending',
      (d: any) =>
        (d.settings.durationByPartySize = [
          { upTo: 4, minutes: 90 },
          { upTo: 4, minutes: 100 },
        ]),
      ['settings.durationByPartySize.1.upTo'],
    ],
    ['a duration past the bounds', (d: any) => (d.settings.durationByPartySize = [{ upTo: 2, minutes: 10 }]), ['settings.durationByPartySize.0.minutes']],
    [
      'a plan off the plan and of no known shape',
      (d: any) => (d.zones[0].tables[0].plan = { x: 101, y: -1, shape: 'oval' }),
      ['zones.0.tables.0.plan.x', 'zones.0.tables.0.plan.y', 'zones.0.tables.0.plan.shape'],
    ],
    ['a priority past 9', (d: any) => (d.zones[0].tables[0].priority = 10), ['zones.0.tables.0.priority']],
  ])('%s is 422 naming its path, nothing written', async (_name, spoil, paths) => {
    const { definition, revision } = await read();
    const spoiled = structuredClone(definition);
    spoil(spoiled);
    const answer = await save(spoiled, revision);
    expectError(answer, 422, 'validation_error');
    expect(answer.body.issues.map((issue: { path: string }) => issue.path).sort()).toEqual([...paths].sort());
    expect((await read()).revision).toBe(revision);
  });
});

describe('the staff day view', () => {
  test('carries each table’s online, priority and plan and each zone’s combinations with their table ids', async () => {
    const day = expectOk(await t.get(`/api/pro/${slug}/bookings?day=2026-12-01`, { bearer })).body;
    const [salle, terrasse] = day.zones;
    const ids = Object.fromEntries([...salle.tables, ...terrasse.tables].map((table: any) => [table.name, table.id]));
    expect(salle.tables[4]).toEqual({ id: ids.S5, name: 'S5', minSeats: 4, maxSeats: 8, online: true, priority: 2, plan: { x: 45, y: 70, shape: 'rect' } });
    expect(terrasse.tables[1]).toMatchObject({ name: 'T2', online: false, priority: 5, plan: null });
    expect(salle.combinations).toEqual([
      { tables: ['S1', 'S2'], tableIds: [ids.S1, ids.S2], minSeats: 3, maxSeats: 4 },
      { tables: ['S3', 'S4'], tableIds: [ids.S3, ids.S4], minSeats: 5, maxSeats: 8 },
    ]);
    expect(terrasse.combinations).toEqual([]);
  });
});
