import { describe, expect, test } from 'vitest';
import { daySheet } from '../../../src/lib/staff/day-sheet.ts';
import { dayBookRow as row } from '../support/staff-booking-row.ts';

const SERVICES = [
  { id: '4-0', start: '12:00', end: '14:00' },
  { id: '4-1', start: '19:00', end: '22:00' },
];

describe('the day sheet', () => {
  test('a section per service with bookings, by time; cancelled, refused and no-shows left out; covers summed', () => {
    const late = row('20:30', 20);
    const early = row('19:00', 10);
    const lunch = row('12:30', 20, { party: 4 });
    const sections = daySheet([late, early, lunch, row('19:30', 40), row('19:30', 25), row('20:00', 30, { no_show: true })], SERVICES, '?');
    expect(sections.map((section) => [section.service?.id, section.lines.map((line) => line.token), section.covers])).toEqual([
      ['4-0', [lunch.token], 4],
      ['4-1', [early.token, late.token], 4],
    ]);
    expect(sections[1]!.lines[0]).toMatchObject({ pending: true, arrived: false });
  });

  test('a line carries the diner’s comment, staff’s note, the profile’s seating and note, allergens and tags', () => {
    const guest = { vip: true, regular: true, seating: 'Window', allergens: ['peanuts' as const], note: 'Anniversary' };
    const [section] = daySheet(
      [
        row('19:30', 20, {
          comment: 'High chair',
          note: 'Call back',
          guest,
          tables: [
            { id: 'a', name: 'S1' },
            { id: 'b', name: 'S2' },
          ],
        }),
      ],
      SERVICES,
      '?',
    );
    expect(section!.lines[0]).toMatchObject({
      tables: 'S1 + S2',
      notes: [
        { kind: 'comment', text: 'High chair' },
        { kind: 'bookingNote', text: 'Call back' },
        { kind: 'seating', text: 'Window' },
        { kind: 'guestNote', text: 'Anniversary' },
      ],
      allergens: ['peanuts'],
      vip: true,
      regular: true,
    });
  });

  test('a booking outside every service gets a section of its own; a day with none gives no section', () => {
    expect(daySheet([row('16:00', 20)], SERVICES, '?').map((section) => section.service)).toEqual([null]);
    expect(daySheet([], SERVICES, '?')).toEqual([]);
  });
});
