import { describe, expect, test } from 'vitest';
import { floorZones, servicesOfDay } from '../../src/server/domain/staff-day.ts';

describe('the services of a day in the staff book', () => {
  const shifts = [
    {
      day: 3,
      slots: [
        { start: '19:00', end: '22:30' },
        { start: '12:00', end: '14:00' },
      ],
    },
    { day: 4, slots: [{ start: '18:00', end: '23:00' }] },
  ];
  test.each([
    [
      'a Wednesday gets its two services by first seating, each named as a closing names it',
      '2026-11-25',
      [
        { id: '3-1', start: '12:00', end: '14:00' },
        { id: '3-0', start: '19:00', end: '22:30' },
      ],
    ],
    ['a Thursday its one', '2026-11-26', [{ id: '4-0', start: '18:00', end: '23:00' }]],
    ['a day without shifts none', '2026-11-23', []],
  ])('%s', (_case, day, expected) => {
    expect(servicesOfDay(shifts, day)).toEqual(expected);
  });
});

test('the floor lists zones in their order, each with its tables in natural name order', () => {
  const zone = (id: string, position: number) => ({ id, merchantId: 'm', name: id, imagePath: null, position, active: true });
  const table = (id: string, zoneId: string, name: string) => ({ id, merchantId: 'm', zoneId, name, minSeats: 1, maxSeats: 4, active: true });
  const zones = floorZones({
    zones: [zone('terrasse', 2), zone('salle', 1)],
    tables: [table('a', 'salle', 'T10'), table('b', 'salle', 'T2'), table('c', 'terrasse', 'E1')],
  });
  expect(zones.map((z) => [z.name, z.tables.map((t) => t.name)])).toEqual([
    ['salle', ['T2', 'T10']],
    ['terrasse', ['E1']],
  ]);
});
