import { beforeAll, describe, expect, test } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';
import { create, expectError, expectOk, slotsOf } from './api-helpers.ts';
import { importRoleMerchant, type RoleMerchant } from './role-merchant.ts';

// Special days through the restaurant's own definition: validated by path, read back, and followed by availability.
const t = useTestServer({ demo: false });
let m: RoleMerchant;

beforeAll(async () => {
  t.clock.set('2026-11-23T09:00:00Z');
  m = await importRoleMerchant(t, 'special');
}, 60_000);

const read = async () => expectOk(await t.get(`/api/pro/${m.slug}/definition`, { bearer: m.bearer.manager })).body as { definition: any; revision: number };
const save = (definition: unknown, revision: number) => t.put(`/api/pro/${m.slug}/definition`, { definition, revision }, { bearer: m.bearer.manager });
const hours = async (date: string) => (await slotsOf(t, m.slug, date, 'all', 2)).filter((slot) => slot.available).map((slot) => slot.hour);

describe('specialDays over PUT /api/pro/{slug}/definition', () => {
  test.each<[string, string, unknown]>([
    [
      'an end not after its start',
      'specialDays.0.slots.1.end',
      [
        {
          date: '2026-12-24',
          slots: [
            { start: '12:00', end: '14:00' },
            { start: '20:00', end: '19:00' },
          ],
        },
      ],
    ],
    [
      'overlapping slots',
      'specialDays.0.slots.1.start',
      [
        {
          date: '2026-12-24',
          slots: [
            { start: '12:00', end: '15:00' },
            { start: '14:00', end: '16:00' },
          ],
        },
      ],
    ],
    ['a time not written HH:MM', 'specialDays.0.slots.0.start', [{ date: '2026-12-24', slots: [{ start: '12h', end: '14:00' }] }]],
    [
      'a date twice',
      'specialDays.1.date',
      [
        { date: '2026-12-24', slots: [] },
        { date: '2026-12-24', slots: [] },
      ],
    ],
    ['a date that does not exist', 'specialDays.0.date', [{ date: '2026-13-01', slots: [] }]],
    ['a reason over 200 characters', 'specialDays.0.reason', [{ date: '2026-12-24', reason: 'é'.repeat(201), slots: [] }]],
  ])('refuses %s with 422 validation_error naming %s, writing nothing', async (_label, path, specialDays) => {
    const { definition, revision } = await read();
    const answer = await save({ ...definition, specialDays }, revision);
    expectError(answer, 422, 'validation_error');
    expect(Object.keys(answer.body.errors)).toEqual([path]);
    expect((await read()).revision).toBe(revision);
  });

  test('a round trip: saved, read back in date order, and the diner’s times follow (closed with a reason, a special opening)', async () => {
    // 2026-11-30 is a Monday, 2026-12-02 a Wednesday; the fixture opens every day 12:00-14:00 and 19:00-22:00.
    expect(await hours('2026-12-02')).toContain('19:00');
    const { definition, revision } = await read();
    const specialDays = [
      { date: '2026-12-02', slots: [{ start: '18:00', end: '19:00' }] },
      { date: '2026-11-30', reason: 'Inventaire <b>annuel</b>', slots: [] },
    ];
    expectOk(await save({ ...definition, specialDays }, revision));
    const after = await read();
    expect(after.definition).toEqual({ ...definition, specialDays: [specialDays[1], specialDays[0]] });
    expect(await hours('2026-11-30')).toEqual([]);
    expect(await hours('2026-12-02')).toEqual(['18:00', '18:30', '19:00']);
    expect(await hours('2026-12-01')).toContain('20:00');
    const page = expectOk(await t.post('/api/booking/booking_merchant/get', { merchant_slug: m.slug })).body;
    expect(page.closes).toContain('2026-11-30');
    expect(page.opens).toEqual(['2026-12-02']);
    const listed = expectOk(await t.get('/api/booking/merchants')).body.merchants.find((merchant: { slug: string }) => merchant.slug === m.slug);
    expect(listed.closedDays).toContain('2026-11-30');
    expect(listed.openDays).toEqual(['2026-12-02']);
    expect(JSON.stringify(listed)).not.toContain('Inventaire');
    // Saved again without the field: no special day any more, the weekday's hours are back.
    const { specialDays: _dropped, ...without } = after.definition;
    expectOk(await save(without, after.revision));
    expect((await read()).definition).not.toHaveProperty('specialDays');
    expect(await hours('2026-12-02')).toContain('21:00');
  });

  test('a booking at a special opening’s time is taken, one at the weekday’s usual time that day is merchant_closed', async () => {
    const { definition, revision } = await read();
    expectOk(await save({ ...definition, specialDays: [{ date: '2026-12-03', slots: [{ start: '17:00', end: '18:00' }] }] }, revision));
    const slots = await slotsOf(t, m.slug, '2026-12-03', 'all', 2);
    const usual = new Date('2026-12-03T20:00:00+01:00').getTime() / 1000;
    const special = slots.find((slot) => slot.hour === '17:30')!.timestamp;
    const draft = (at: number) => create(t, { slug: m.slug, at, zone: 'all', seats: 2 });
    expectError(await draft(usual), 422, 'merchant_closed');
    expectOk(await draft(special));
  });
});
