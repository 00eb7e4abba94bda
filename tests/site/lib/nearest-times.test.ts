import { describe, expect, test } from 'vitest';
import type { Slot } from '../../../src/shared/api/slots.ts';
import { daysAfter, nearestTimes, type DaySlots } from '../../../src/lib/booking/nearest-times.ts';

/** A day's slots every 30 minutes from 19:00 to 22:00 (Paris in winter: UTC+1), free unless listed as taken. */
function day(date: string, taken: string[] = []): DaySlots {
  const slots: Slot[] = [];
  for (let minutes = 19 * 60; minutes <= 22 * 60; minutes += 30) {
    const hour = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    slots.push({ timestamp: Date.parse(`${date}T${hour}:00+01:00`) / 1000, hour, available: !taken.includes(hour) });
  }
  return { date, slots };
}

const hours = (days: DaySlots[]) => days.map((d) => `${d.date} ${d.slots.map((slot) => slot.hour).join(' ')}`);
const wanted = { date: '2026-12-02', hour: '20:30', timestamp: Date.parse('2026-12-02T20:30:00+01:00') / 1000 };

describe('the free times offered instead of a lost one', () => {
  test("that day's nearest free times to it, never itself, in the order of the day; then the next days' nearest to its hour", () => {
    const days = [day('2026-12-02', ['20:30', '21:00']), day('2026-12-03'), day('2026-12-04')];
    expect(hours(nearestTimes(wanted, days))).toEqual([
      '2026-12-02 19:00 19:30 20:00 21:30',
      '2026-12-03 19:30 20:00 20:30 21:00',
      '2026-12-04 19:30 20:00 20:30 21:00',
    ]);
  });

  test('days with nothing free are skipped, and only the first two later days with a free time are offered', () => {
    const full = ['19:00', '19:30', '20:00', '20:30', '21:00', '21:30', '22:00'];
    const days = [day('2026-12-05'), day('2026-12-02', full), day('2026-12-03', full), day('2026-12-04'), day('2026-12-06')];
    expect(nearestTimes(wanted, days).map((d) => d.date)).toEqual(['2026-12-04', '2026-12-05']);
  });

  test('equally near times keep the earlier one first', () => {
    const days = [day('2026-12-02', ['20:30'])];
    expect(hours(nearestTimes(wanted, days, { perDay: 1, laterDays: 0 }))).toEqual(['2026-12-02 20:00']);
  });

  test('nothing free anywhere: an empty list', () => {
    const all = ['19:00', '19:30', '20:00', '20:30', '21:00', '21:30', '22:00'];
    expect(nearestTimes(wanted, [day('2026-12-02', all), day('2026-12-03', all)])).toEqual([]);
  });

  test('the days after a date cross months and years', () => {
    expect(daysAfter('2026-12-30', 3)).toEqual(['2026-12-31', '2027-01-01', '2027-01-02']);
  });
});
