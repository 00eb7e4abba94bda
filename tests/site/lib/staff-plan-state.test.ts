import { describe, expect, test } from 'vitest';
import { bookingsOfTable, tableState, type TableStateKind } from '../../../src/lib/staff/plan-state.ts';
import type { StaffBookingRow } from '../../../src/shared/api/staff.ts';
import { staffBookingRow } from '../support/staff-booking-row.ts';

const DAY = '2026-11-26';
const TZ = 'Europe/Paris';
/** A local time of DAY in Paris (UTC+1 in November) as ms. */
const at = (time: string) => Date.parse(`${DAY}T${time}:00+01:00`);
const iso = (time: string) => new Date(at(time)).toISOString();

/** A confirmed booking of two at `time` for 90 minutes on table t1, changed by extra. */
const booking = (time: string, extra: Partial<StaffBookingRow> = {}) =>
  staffBookingRow({ day: DAY, time, startsAt: iso(time), minutes: 90, table: { id: 't1', name: 'T1' } }, extra);

const seatedAt = (time: string) => ({ arrived_at: iso(time) });

describe('a table’s state on the plan', () => {
  // Each row: what the day holds on t1, the clock, and the state and time the table shows (null: free).
  test.each<[string, StaffBookingRow[], string, TableStateKind, string | null]>([
    ['no booking: free', [], '19:00', 'free', null],
    ['a booking later: booked next at its time', [booking('20:30')], '19:00', 'next', '20:30'],
    ['two later: the nearer one', [booking('21:30'), booking('20:00')], '19:00', 'next', '20:00'],
    ['its time passed, nobody seated: late', [booking('19:30')], '19:45', 'late', '19:30'],
    ['exactly at its time, nobody seated: late', [booking('19:30')], '19:30', 'late', '19:30'],
    ['its whole time over, nobody came: free again', [booking('18:00')], '19:45', 'free', null],
    ['its party arrived: seated since its arrival', [booking('19:30', seatedAt('19:40'))], '20:00', 'seated', '19:40'],
    ['arrived early: seated before its time', [booking('20:30', seatedAt('20:10'))], '20:15', 'seated', '20:10'],
    ['seated now, booked again later: seated wins', [booking('19:00', seatedAt('19:05')), booking('21:00')], '20:00', 'seated', '19:05'],
    ['late now, booked again later: late wins', [booking('19:00'), booking('21:00')], '19:20', 'late', '19:00'],
    ['a pending request later: booked next', [booking('20:00', { status: 10 })], '19:00', 'next', '20:00'],
    ['their meal finished: free', [booking('19:00', { ...seatedAt('19:00'), status: 30 })], '20:00', 'free', null],
    ['a no-show: free', [booking('19:00', { status: 30, no_show: true })], '19:20', 'free', null],
    ['cancelled by the restaurant: free', [booking('20:00', { status: 40 })], '19:00', 'free', null],
    ['refused: free', [booking('20:00', { status: 25 })], '19:00', 'free', null],
    ['a booking on another table: free', [booking('20:00', { tables: [{ id: 't2', name: 'T2' }] })], '19:00', 'free', null],
  ])('%s', (_, bookings, now, kind, time) => {
    const state = tableState(bookings, 't1', at(now), TZ);
    expect(state.kind).toBe(kind);
    expect(state.kind === 'free' ? null : state.at).toBe(time);
  });

  test('a booking on a combination holds each of its tables, naming the others', () => {
    const joined = booking('20:00', {
      tables: [
        { id: 't1', name: 'T1' },
        { id: 't2', name: 'T2' },
        { id: 't3', name: 'T3' },
      ],
    });
    const one = tableState([joined], 't1', at('19:00'), TZ);
    const two = tableState([joined], 't2', at('20:10'), TZ);
    expect(one.kind === 'next' && one.combinedWith).toEqual(['T2', 'T3']);
    expect(two.kind === 'late' && two.combinedWith).toEqual(['T1', 'T3']);
    expect(tableState([booking('20:00')], 't1', at('19:00'), TZ)).toMatchObject({ kind: 'next', combinedWith: [] });
  });

  test('a table’s bookings of the day: the live ones, by time', () => {
    const later = booking('21:00');
    const earlier = booking('19:00', seatedAt('19:02'));
    const gone = booking('20:00', { status: 40 });
    expect(bookingsOfTable([later, gone, earlier], 't1').map((row) => row.time)).toEqual(['19:00', '21:00']);
  });
});
