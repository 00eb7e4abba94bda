import { describe, expect, test } from 'vitest';
import { holdAnnouncement, holdDisplay, nextChangeIn } from '../../../src/lib/booking/hold-countdown.ts';

const s = 1000;
const min = 60 * s;

describe("the hold's countdown text", () => {
  test.each([
    [10 * min, { unit: 'minutes', count: 10 }],
    [6 * min + 1, { unit: 'minutes', count: 7 }],
    [6 * min, { unit: 'minutes', count: 6 }],
    [min + 1, { unit: 'minutes', count: 2 }],
    [min, { unit: 'seconds', count: 60 }],
    [41 * s, { unit: 'seconds', count: 50 }],
    [1, { unit: 'seconds', count: 10 }],
    [0, { unit: 'expired' }],
    [-5 * s, { unit: 'expired' }],
  ])('with %i ms left it shows %o (minutes and tens of seconds rounded up)', (remaining, shown) => {
    expect(holdDisplay(remaining)).toEqual(shown);
  });

  test('it changes each minute, then every ten seconds in the last minute, and stops once over', () => {
    expect(nextChangeIn(7 * min + 30 * s)).toBe(30 * s);
    expect(nextChangeIn(7 * min)).toBe(min);
    expect(nextChangeIn(min + 5 * s)).toBe(5 * s);
    expect(nextChangeIn(min)).toBe(10 * s);
    expect(nextChangeIn(45 * s)).toBe(5 * s);
    expect(nextChangeIn(0)).toBeNull();
  });

  test('the text read after each wait is the next one: 3 min, 2 min, 60 s, 50 s … 10 s, over', () => {
    const seen: string[] = [];
    for (let remaining = 2 * min + 30 * s; ;) {
      const shown = holdDisplay(remaining);
      seen.push(shown.unit === 'expired' ? 'over' : `${shown.count}${shown.unit === 'minutes' ? 'min' : 's'}`);
      const wait = nextChangeIn(remaining);
      if (wait === null) break;
      remaining -= wait;
    }
    expect(seen).toEqual(['3min', '2min', '60s', '50s', '40s', '30s', '20s', '10s', 'over']);
  });
});

describe('what a screen reader is told', () => {
  test('nothing while more than two minutes are left, not even when the minutes change', () => {
    expect(holdAnnouncement(null, 9 * min)).toBeNull();
    expect(holdAnnouncement(9 * min, 8 * min)).toBeNull();
  });

  test('two minutes left once, when the time left crosses two minutes (or is already below on arrival)', () => {
    expect(holdAnnouncement(2 * min + s, 2 * min)).toBe('twoMinutes');
    expect(holdAnnouncement(2 * min, min)).toBeNull();
    expect(holdAnnouncement(null, 90 * s)).toBe('twoMinutes');
  });

  test('arriving in the last minute says less than a minute is left, not two', () => {
    expect(holdAnnouncement(null, 50 * s)).toBe('lastMinute');
    expect(holdAnnouncement(50 * s, 40 * s)).toBeNull();
  });

  test('the end of the hold once', () => {
    expect(holdAnnouncement(10 * s, 0)).toBe('expired');
    expect(holdAnnouncement(0, -10 * s)).toBeNull();
    expect(holdAnnouncement(null, -10 * s)).toBe('expired');
  });
});
