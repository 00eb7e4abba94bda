import { describe, expect, test } from 'vitest';
import { closedDaysWith, closingSpan } from '../../src/server/domain/closings.ts';
import { isClosedAt } from '../../src/server/domain/availability.ts';

const paris = {
  timezone: 'Europe/Paris',
  settings: { slotIntervalMinutes: 30 },
  // Every day a lunch, and on Saturdays (6) a late service past midnight.
  shifts: [1, 2, 3, 4, 5, 6, 7].map((day) => ({
    day,
    slots:
      day === 6
        ? [
            { start: '12:00', end: '14:00' },
            { start: '22:00', end: '01:00' },
          ]
        : [{ start: '12:00', end: '14:00' }],
  })),
};

describe('the span a closing covers', () => {
  test.each([
    ['a day: its midnight to the next', { kind: 'day', date: '2026-12-02' }, '2026-12-01T23:00:00.000Z', '2026-12-02T23:00:00.000Z'],
    [
      'a day whose service runs past midnight: to just past its last seating',
      { kind: 'day', date: '2026-12-05' },
      '2026-12-04T23:00:00.000Z',
      '2026-12-06T00:01:00.000Z',
    ],
    ['a day of the spring change (23 hours)', { kind: 'day', date: '2027-03-28' }, '2027-03-27T23:00:00.000Z', '2027-03-28T22:00:00.000Z'],
    [
      'a service: its first to just past its last seating',
      { kind: 'shift', date: '2026-12-02', shiftId: '3-0' },
      '2026-12-02T11:00:00.000Z',
      '2026-12-02T13:01:00.000Z',
    ],
    ['a service past midnight', { kind: 'shift', date: '2026-12-05', shiftId: '6-1' }, '2026-12-05T21:00:00.000Z', '2026-12-06T00:01:00.000Z'],
  ] as const)('%s', (_what, request, startsAt, endsAt) => {
    const span = closingSpan(request, paris);
    expect([span.startsAt.toISOString(), span.endsAt.toISOString()]).toEqual([startsAt, endsAt]);
  });

  test('a range is kept as given, on the local day it starts', () => {
    const span = closingSpan({ kind: 'range', startsAt: new Date('2026-12-02T23:30:00Z'), endsAt: new Date('2026-12-03T01:00:00Z') }, paris);
    expect(span).toMatchObject({ kind: 'range', localDate: '2026-12-03', shiftId: null });
  });

  test.each([
    ['a service of another weekday', { kind: 'shift', date: '2026-12-02', shiftId: '4-0' }],
    ['a service index the weekday lacks', { kind: 'shift', date: '2026-12-02', shiftId: '3-1' }],
    ['an empty range', { kind: 'range', startsAt: new Date('2026-12-02T20:00:00Z'), endsAt: new Date('2026-12-02T20:00:00Z') }],
  ] as const)('refuses %s', (_what, request) => {
    expect(() => closingSpan(request, paris)).toThrow(expect.objectContaining({ code: 'validation_error' }));
  });
});

describe('what closings close', () => {
  const closing = { startsAt: new Date('2026-12-02T11:00:00Z'), endsAt: new Date('2026-12-02T13:01:00Z') };

  test.each([
    ['its first instant', '2026-12-02T11:00:00Z', true],
    ['its last seating', '2026-12-02T13:00:00Z', true],
    ['its end (half-open)', '2026-12-02T13:01:00Z', false],
    ['before it', '2026-12-02T10:30:00Z', false],
  ])('%s: closed %s', (_what, at, closed) => {
    expect(isClosedAt([closing], new Date(at))).toBe(closed);
  });

  test('closed days are the definition\u2019s and the days closed whole, sorted, once each', () => {
    const closings = [
      { kind: 'day', localDate: '2026-12-24' },
      { kind: 'shift', localDate: '2026-12-02' },
      { kind: 'day', localDate: '2026-12-01' },
    ] as const;
    expect(closedDaysWith(['2026-12-25', '2026-12-24'], closings)).toEqual(['2026-12-01', '2026-12-24', '2026-12-25']);
  });
});
