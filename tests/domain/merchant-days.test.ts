import { describe, expect, test } from 'vitest';
import { closedDetails, type Closing } from '../../src/server/domain/closings.ts';
import { daysTouched } from '../../src/server/domain/merchant-days.ts';

const TZ = 'Europe/Paris';
const at = (iso: string) => new Date(iso);

describe('the merchant-local days a span touches', () => {
  test.each([
    { name: 'a dinner inside one day', spans: [{ startsAt: at('2026-12-01T19:00:00Z'), endsAt: at('2026-12-01T20:30:00Z') }], days: ['2026-12-01'] },
    {
      name: 'a table time from 23:45 to 01:15 touches both days',
      spans: [{ startsAt: at('2026-12-01T22:45:00Z'), endsAt: at('2026-12-02T00:15:00Z') }],
      days: ['2026-12-01', '2026-12-02'],
    },
    {
      name: 'a span ending at midnight stays on its day',
      spans: [{ startsAt: at('2026-12-01T21:30:00Z'), endsAt: at('2026-12-01T23:00:00Z') }],
      days: ['2026-12-01'],
    },
    {
      name: 'several spans, sorted, each day once',
      spans: [
        { startsAt: at('2026-12-03T18:00:00Z'), endsAt: at('2026-12-03T19:00:00Z') },
        { startsAt: at('2026-12-01T18:00:00Z'), endsAt: at('2026-12-03T19:00:00Z') },
      ],
      days: ['2026-12-01', '2026-12-02', '2026-12-03'],
    },
  ])('$name', ({ spans, days }) => {
    expect(daysTouched(spans, TZ)).toEqual(days);
  });
});

describe('what a refusal says is closed', () => {
  const closing = (kind: Closing['kind'], startsAt: string, endsAt: string): Closing => ({
    id: 'c',
    kind,
    localDate: '2026-12-01',
    shiftId: kind === 'shift' ? '2-0' : null,
    startsAt: at(startsAt),
    endsAt: at(endsAt),
  });
  test.each([
    { name: 'the day', closing: closing('day', '2026-11-30T23:00:00Z', '2026-12-01T23:00:00Z'), details: { date: '2026-12-01', closed: 'day' } },
    {
      name: 'lunch, by its first and last seatings',
      closing: closing('shift', '2026-12-01T11:00:00Z', '2026-12-01T13:01:00Z'),
      details: { date: '2026-12-01', closed: 'shift', meal: 'lunch', from: '12:00', until: '14:00' },
    },
    {
      name: 'dinner',
      closing: closing('shift', '2026-12-01T18:00:00Z', '2026-12-01T21:01:00Z'),
      details: { date: '2026-12-01', closed: 'shift', meal: 'dinner', from: '19:00', until: '22:00' },
    },
    {
      name: 'a time range, on the merchant clock',
      closing: closing('range', '2026-12-01T14:00:00Z', '2026-12-01T15:30:00Z'),
      details: { date: '2026-12-01', closed: 'range', from: '15:00', until: '16:30' },
    },
  ])('$name', ({ closing, details }) => {
    expect(closedDetails(closing, TZ)).toEqual(details);
  });
});
