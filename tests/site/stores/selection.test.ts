import { beforeEach, describe, expect, test } from 'vitest';
import type { Shift } from '../../../src/shared/api/merchant.ts';
import type { Slot } from '../../../src/shared/api/slots.ts';
import type { DayRules } from '../../../src/lib/calendar/calendar.ts';
import {
  $canBook,
  $pendingSlot,
  $selection,
  $unlocked,
  applyPresets,
  canBook,
  chooseDate,
  chooseGuests,
  chooseSlot,
  chooseZone,
  guestOptions,
  keepZoneAmong,
  prefillSelection,
  resetSelection,
  selectOnlyZone,
  unlockedOf,
  type Selection,
} from '../../../src/stores/selection.ts';

const slot = (timestamp: number, available = true): Slot => ({ timestamp, hour: '12:00', available });
const full: Selection = { date: '2026-11-24', guests: 2, zoneId: 'z1', slot: slot(1) };

beforeEach(() => {
  resetSelection();
});

describe('unlock order (spec section 4)', () => {
  test.each([
    ['nothing chosen', { date: null, guests: null, zoneId: null, slot: null }, { date: true, guests: false, zone: false, slot: false }],
    ['a date', { date: '2026-11-24', guests: null, zoneId: null, slot: null }, { date: true, guests: true, zone: false, slot: false }],
    ['a date and guests', { date: '2026-11-24', guests: 2, zoneId: null, slot: null }, { date: true, guests: true, zone: true, slot: false }],
    ['date, guests and zone', { date: '2026-11-24', guests: 2, zoneId: 'z1', slot: null }, { date: true, guests: true, zone: true, slot: true }],
    ['a zone without guests', { date: '2026-11-24', guests: null, zoneId: 'z1', slot: null }, { date: true, guests: true, zone: false, slot: false }],
    ['guests without a date', { date: null, guests: 2, zoneId: null, slot: null }, { date: true, guests: false, zone: false, slot: false }],
  ] as Array<[string, Selection, ReturnType<typeof unlockedOf>]>)('with %s: %j', (_case, selection, expected) => {
    expect(unlockedOf(selection)).toEqual(expected);
  });

  test.each([
    ['everything', full, true],
    ['no date', { ...full, date: null }, false],
    ['no guests', { ...full, guests: null }, false],
    ['no zone', { ...full, zoneId: null }, false],
    ['no time', { ...full, slot: null }, false],
  ] as Array<[string, Selection, boolean]>)('booking is possible with %s: %j', (_case, selection, expected) => {
    expect(canBook(selection)).toBe(expected);
  });

  test('guests cannot be chosen before a date, nor a zone before guests, nor a time before a zone', () => {
    expect(chooseGuests(2)).toBe(false);
    chooseDate('2026-11-24');
    expect(chooseZone('z1')).toBe(false);
    expect(chooseGuests(2)).toBe(true);
    expect(chooseSlot(slot(1))).toBe(false);
    expect(chooseZone('z1')).toBe(true);
    expect(chooseSlot(slot(1))).toBe(true);
    expect($canBook.get()).toBe(true);
    expect($unlocked.get()).toEqual({ date: true, guests: true, zone: true, slot: true });
  });

  test('an unavailable time cannot be chosen', () => {
    prefillSelection({ date: '2026-11-24', guests: 2, zoneId: 'z1' });
    expect(chooseSlot(slot(1, false))).toBe(false);
    expect($selection.get().slot).toBeNull();
  });

  test.each([0, -1, 2.5])('guests must be a whole number above zero: %d is refused', (guests) => {
    chooseDate('2026-11-24');
    expect(chooseGuests(guests)).toBe(false);
  });
});

describe('clearing the time (spec section 4)', () => {
  test.each([
    ['the date', () => chooseDate('2026-11-25')],
    ['the guests', () => chooseGuests(3)],
    ['the zone', () => chooseZone('z2')],
  ])('changing %s clears the chosen time', (_case, change) => {
    prefillSelection(full);
    change();
    expect($selection.get().slot).toBeNull();
  });

  test.each([
    ['the date', () => chooseDate('2026-11-24')],
    ['the guests', () => chooseGuests(2)],
    ['the zone', () => chooseZone('z1')],
  ])('choosing %s again, unchanged, keeps the time', (_case, change) => {
    prefillSelection(full);
    change();
    expect($selection.get().slot).toEqual(full.slot);
  });

  test('changing the date keeps guests and zone', () => {
    prefillSelection(full);
    chooseDate('2026-11-25');
    expect($selection.get()).toMatchObject({ guests: 2, zoneId: 'z1' });
  });

  test('the only zone of a day is selected even before guests are chosen', () => {
    chooseDate('2026-11-24');
    selectOnlyZone('z9');
    expect($selection.get().zoneId).toBe('z9');
  });

  test.each([
    ['a zone no longer offered is cleared', 'z1', ['z2', 'z3'], null],
    ['a zone still offered stays', 'z2', ['z2', 'z3'], 'z2'],
    ["the zone 'all' always stays", 'all', ['z2'], 'all'],
  ])('%s', (_case, zoneId, offered, expected) => {
    prefillSelection({ ...full, zoneId });
    keepZoneAmong(offered);
    expect($selection.get().zoneId).toBe(expected);
  });
});

describe('guest numbers', () => {
  test.each([
    [{ minClientsPerBookings: 1, maxClientsPerBookings: 8 }, [1, 2, 3, 4, 5, 6, 7, 8]],
    [{ minClientsPerBookings: 2, maxClientsPerBookings: 4 }, [2, 3, 4]],
    [{ minClientsPerBookings: 3, maxClientsPerBookings: 3 }, [3]],
    [{ minClientsPerBookings: 0, maxClientsPerBookings: 2 }, [1, 2]],
  ])('offered from the minimum to the maximum: %j gives %j', (settings, expected) => {
    expect(guestOptions(settings)).toEqual(expected);
  });
});

describe('address presets', () => {
  const shifts: Shift[] = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, slots: day === 1 ? [] : [{ id: `${day}-0`, start: '12:00', end: '14:00' }] }));
  const rules: DayRules = { today: '2026-11-23', shifts, closedDays: ['2026-11-26'], open: { today: false, tomorrow: true }, lastDay: '2027-02-21' };
  const context = { nowMs: Date.UTC(2026, 10, 23, 9), timezone: 'Europe/Paris', rules, settings: { minClientsPerBookings: 1, maxClientsPerBookings: 8 } };

  test('seats and a when on an open day fill guests and date and wait for that time', () => {
    applyPresets({ seats: 4, asap: false, when: { kind: 'local', date: '2026-11-25', time: '12:30' } }, context);
    expect($selection.get()).toMatchObject({ date: '2026-11-25', guests: 4 });
    expect($pendingSlot.get().target).toEqual({ date: '2026-11-25', atOrAfter: Date.UTC(2026, 10, 25, 11, 30) / 1000 });
  });

  test.each([
    ['a closed-days list entry', '2026-11-26'],
    ['a closed weekday', '2026-11-30'],
    ['a past day', '2026-11-20'],
  ])('a when on %s picks no date', (_case, date) => {
    applyPresets({ seats: null, asap: false, when: { kind: 'local', date, time: null } }, context);
    expect($selection.get().date).toBeNull();
    expect($pendingSlot.get().target).toBeNull();
  });

  test('asap on a day the merchant is closed today picks no date', () => {
    applyPresets({ seats: null, asap: true, when: null }, context);
    expect($selection.get().date).toBeNull();
  });

  test('seats outside the merchant range are ignored', () => {
    applyPresets({ seats: 12, asap: false, when: null }, context);
    expect($selection.get().guests).toBeNull();
  });
});
