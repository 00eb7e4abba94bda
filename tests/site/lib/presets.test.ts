import { describe, expect, test } from 'vitest';
import type { Slot } from '../../../src/shared/api/slots.ts';
import { parsePresets, parseSeats, parseWhen } from '../../../src/lib/booking/parse-presets.ts';
import { pickPresetSlot, presetTarget, type WhenValue } from '../../../src/lib/booking/presets.ts';

describe('seats', () => {
  test.each([
    ['1', 1],
    ['4', 4],
    [' 12 ', 12],
    ['0', null],
    ['-2', null],
    ['2.5', null],
    ['3abc', null],
    ['abc', null],
    ['', null],
    [null, null],
    ['1e2', null],
  ])('%j reads as %j (an integer greater than 0)', (value, expected) => {
    expect(parseSeats(value)).toBe(expected);
  });
});

describe('when', () => {
  test.each([
    ['2026-11-24', { kind: 'local', date: '2026-11-24', time: null }],
    ['2026-11-24T19:30', { kind: 'local', date: '2026-11-24', time: '19:30' }],
    ['2026-11-24 19:30:00', { kind: 'local', date: '2026-11-24', time: '19:30' }],
    ['2026-11-24T19:30:00Z', { kind: 'instant', ms: Date.UTC(2026, 10, 24, 19, 30) }],
    ['2026-11-24T19:30:00+01:00', { kind: 'instant', ms: Date.UTC(2026, 10, 24, 18, 30) }],
    ['1795545000', { kind: 'instant', ms: 1_795_545_000_000 }],
    ['2026-02-30', null],
    ['2026-13-01', null],
    ['2026-11-24T25:00', null],
    ['2026-02-30T12:00:00Z', null],
    ['tomorrow', null],
    ['1', null],
    ['', null],
    [null, null],
  ] as Array<[string | null, WhenValue | null]>)('%j reads as %j (must be a valid date)', (value, expected) => {
    expect(parseWhen(value)).toEqual(expected);
  });
});

describe('the query presets', () => {
  test('reads token, seats, asap, when and lang together', () => {
    expect(parsePresets('?token=abcdefghijklmnop1234&seats=3&asap=1&when=2026-11-24&lang=en')).toEqual({
      token: 'abcdefghijklmnop1234',
      seats: 3,
      asap: true,
      when: { kind: 'local', date: '2026-11-24', time: null },
      lang: 'en',
    });
  });

  test.each([
    ['asap=1', true],
    ['asap=true', false],
    ['asap=0', false],
    ['', false],
  ])('asap is on only for the value 1: %j gives %j', (query, expected) => {
    expect(parsePresets(query).asap).toBe(expected);
  });

  test.each([
    ['token=abcdefghijklmnop1234', 'abcdefghijklmnop1234'],
    ['token=short', null],
    ['token=<script>alert(1)</script>aaaaaaaa', null],
  ])('a token must look like a booking token: %j gives %j', (query, expected) => {
    expect(parsePresets(query).token).toBe(expected);
  });

  test.each([
    ['lang=en', 'en'],
    ['lang=it', 'it'],
    ['lang=es-ES', 'es'],
    ['lang=de', null],
    ['', null],
  ])('lang %j gives %j', (query, expected) => {
    expect(parsePresets(query).lang).toBe(expected);
  });
});

describe('what asap and when pick', () => {
  const paris = 'Europe/Paris';
  const now = Date.UTC(2026, 10, 23, 9, 0); // Monday 10:00 in Paris

  test('asap picks merchant-local today from now', () => {
    expect(presetTarget({ asap: true, when: null }, now, paris)).toEqual({ date: '2026-11-23', atOrAfter: now / 1000 });
  });

  test('asap uses the merchant time zone: 23:30 UTC is already tomorrow in Paris', () => {
    expect(presetTarget({ asap: true, when: null }, Date.UTC(2026, 10, 23, 23, 30), paris)?.date).toBe('2026-11-24');
  });

  test('a local when picks that day from that time, read in the merchant time zone', () => {
    expect(presetTarget({ asap: false, when: { kind: 'local', date: '2026-11-25', time: '19:30' } }, now, paris)).toEqual({
      date: '2026-11-25',
      atOrAfter: Date.UTC(2026, 10, 25, 18, 30) / 1000,
    });
  });

  test('a when without a time picks that day from its start', () => {
    expect(presetTarget({ asap: false, when: { kind: 'local', date: '2026-11-25', time: null } }, now, paris)).toEqual({
      date: '2026-11-25',
      atOrAfter: Date.UTC(2026, 10, 24, 23, 0) / 1000,
    });
  });

  test('neither asap nor when picks nothing', () => {
    expect(presetTarget({ asap: false, when: null }, now, paris)).toBeNull();
  });

  const slot = (timestamp: number, available: boolean): Slot => ({ timestamp, hour: String(timestamp), available });
  const slots = [slot(100, true), slot(200, false), slot(300, true), slot(400, true)];

  test.each([
    ['the exact slot when it is available', 300, 300],
    ['the next available one when the exact one is not', 200, 300],
    ['the next one when none is at that time', 250, 300],
    ['the first available one from the start of the day', 0, 100],
    ['nothing after the last one', 401, null],
  ])('picks %s', (_case, atOrAfter, expected) => {
    expect(pickPresetSlot(slots, atOrAfter)?.timestamp ?? null).toBe(expected);
  });
});
