import { describe, expect, test } from 'vitest';
import { actionsFor, bookingKind, bookTitle, filterCounts, groupByService, matchesFilter } from '../../../src/lib/staff/book-view.ts';
import type { StaffBookingRow } from '../../../src/shared/api/staff.ts';
import { dayBookRow as row } from '../support/staff-booking-row.ts';

describe('what a booking is for the host', () => {
  test.each([
    [10, {}, 'pending'],
    [20, {}, 'confirmed'],
    [20, { arrived_at: '2026-11-26T19:05:00Z' }, 'arrived'],
    [30, {}, 'finished'],
    [30, { no_show: true }, 'no_show'],
    [25, {}, 'cancelled'],
    [40, {}, 'cancelled'],
  ] as const)('status %i %o is %s, and only its filter and All show it', (status, extra, kind) => {
    const booking = row('19:00', status, extra);
    expect(bookingKind(booking)).toBe(kind);
    expect(matchesFilter(booking, kind)).toBe(true);
    expect(matchesFilter(booking, 'all')).toBe(true);
    expect(matchesFilter(booking, kind === 'pending' ? 'confirmed' : 'pending')).toBe(false);
  });

  test('the filters count their bookings', () => {
    const counts = filterCounts([row('12:00', 10), row('12:30', 10), row('19:00', 20), row('19:30', 40)]);
    expect(counts).toMatchObject({ all: 4, pending: 2, confirmed: 1, cancelled: 1, finished: 0 });
  });
});

describe('the day by service', () => {
  const services = [
    { id: '2-0', start: '12:00', end: '14:00' },
    { id: '2-1', start: '19:00', end: '22:00' },
  ];

  test('puts each booking in its service, pending first, then the live ones by time, cancelled last, and counts the tables held', () => {
    const confirmedEarly = row('19:00', 20);
    const pendingLate = row('21:00', 10);
    const cancelled = row('19:30', 25);
    const cancelledByDiner = row('19:05', 40);
    const confirmedLate = row('20:00', 20);
    const lunch = row('12:30', 20);
    const groups = groupByService([confirmedEarly, pendingLate, cancelled, cancelledByDiner, confirmedLate, lunch], services, []);
    expect(groups.map((group) => [group.service?.start, group.bookings.map((booking) => booking.token), group.tablesInUse])).toEqual([
      ['12:00', [lunch.token], 1],
      ['19:00', [pendingLate.token, confirmedEarly.token, confirmedLate.token, cancelledByDiner.token, cancelled.token], 3],
    ]);
  });

  test('keeps empty services, and a booking outside every service gets a group of its own', () => {
    const late = row('23:30', 20);
    const groups = groupByService([late], services, [{ time: '23:30', covers: 2, max: 20 }]);
    expect(groups.map((group) => [group.service, group.bookings.length, group.covers.length])).toEqual([
      [services[0], 0, 0],
      [services[1], 0, 0],
      [null, 1, 1],
    ]);
  });

  test('a service past midnight holds the times after its start and before its end', () => {
    const groups = groupByService([row('00:30', 20)], [{ id: '6-0', start: '22:00', end: '01:00' }], []);
    expect(groups[0]!.bookings).toHaveLength(1);
  });
});

test.each([
  [3, '(3) Le Petit Zinc — Réservations'],
  [0, 'Le Petit Zinc — Réservations'],
])('the page title counts %i pending bookings first', (pending, title) => {
  expect(bookTitle(pending, 'Le Petit Zinc', 'Réservations')).toBe(title);
});

describe('what staff may do to a booking: the actions the life cycle lets staff take now', () => {
  // A booking at 19:00 in Paris on 26 November 2026, two hours long: its service window opens at 18:00 and closes at midnight.
  const at19 = (status: number, extra: Partial<StaffBookingRow> = {}) => row('19:00', status, { ends_at: '2026-11-26T21:00:00+01:00', ...extra });
  const dayBefore = '2026-11-25T19:00:00+01:00';
  const hourBefore = '2026-11-26T18:30:00+01:00';
  const atItsTime = '2026-11-26T19:00:00+01:00';
  const lateEvening = '2026-11-26T23:30:00+01:00';
  const nextMorning = '2026-11-27T00:30:00+01:00';
  const arrived = { arrived_at: '2026-11-26T18:00:00Z' };

  test.each([
    ['a confirmed booking, the day before', at19(20), dayBefore, ['move', 'note', 'cancel']],
    ['a confirmed booking, half an hour before', at19(20), hourBefore, ['arrived', 'move', 'note', 'cancel']],
    ['a confirmed booking whose time has come', at19(20), atItsTime, ['arrived', 'move', 'note', 'no_show', 'cancel']],
    ['a confirmed booking late in the evening', at19(20), lateEvening, ['arrived', 'move', 'note', 'no_show', 'cancel']],
    ['a confirmed booking the next morning', at19(20), nextMorning, ['move', 'note', 'cancel']],
    ['a pending booking, the day before', at19(10), dayBefore, ['confirm', 'refuse', 'move', 'note', 'cancel']],
    ['a pending booking whose time has come (too late to confirm)', at19(10), atItsTime, ['refuse', 'move', 'note', 'no_show', 'cancel']],
    ['an arrived diner (may be moved or cancelled too)', at19(20, arrived), atItsTime, ['finish', 'undo', 'move', 'note', 'cancel']],
    ['an arrived diner the next morning', at19(20, arrived), nextMorning, ['finish', 'move', 'note', 'cancel']],
    ['a no-show during the service', at19(30, { no_show: true }), lateEvening, ['undo', 'note']],
    ['a no-show after the service', at19(30, { no_show: true }), nextMorning, ['note']],
    ['a finished visit during the service', at19(30, arrived), atItsTime, ['undo', 'note']],
    ['a finished visit after the service', at19(30, arrived), nextMorning, ['note']],
    ['a booking the sweep finished', at19(30), atItsTime, ['note']],
    ['a refused booking', at19(25), hourBefore, ['note']],
    ['a cancelled booking', at19(40), atItsTime, ['note']],
  ] as const)('%s offers %j', (_what, booking, iso, actions) => {
    expect(actionsFor(booking, Date.parse(iso), 'Europe/Paris')).toEqual(actions);
  });
});
