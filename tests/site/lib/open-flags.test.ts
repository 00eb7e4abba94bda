import { describe, expect, test } from 'vitest';
import type { Shift } from '../../../src/shared/api/merchant.ts';
import { guessOpenFlags } from '../../../src/lib/booking/open-flags.ts';

// Closed on Mondays; lunch and dinner the other days (like Le Petit Zinc).
const shifts: Shift[] = [1, 2, 3, 4, 5, 6, 7].map((day) => ({
  day,
  slots:
    day === 1
      ? []
      : [
          { id: `${day}-l`, start: '12:00', end: '14:00' },
          { id: `${day}-d`, start: '19:00', end: '22:00' },
        ],
}));

describe('the open flags guessed before booking_merchant/get answers', () => {
  test.each([
    ['Tuesday 10:00 in Paris: today and tomorrow open', '2026-11-24T09:00:00Z', { today: true, tomorrow: true }],
    ['Tuesday 21:59: the last seating is still ahead', '2026-11-24T20:59:00Z', { today: true, tomorrow: true }],
    ['Tuesday 22:00: nothing left today', '2026-11-24T21:00:00Z', { today: false, tomorrow: true }],
    ['Sunday noon: tomorrow is Monday, closed', '2026-11-22T11:00:00Z', { today: true, tomorrow: false }],
    ['Monday: closed today', '2026-11-23T09:00:00Z', { today: false, tomorrow: true }],
    ['23:30 UTC on Sunday is already Monday in Paris', '2026-11-22T23:30:00Z', { today: false, tomorrow: true }],
  ])('%s', (_case, at, expected) => {
    expect(guessOpenFlags(shifts, Date.parse(at), 'Europe/Paris')).toEqual(expected);
  });
});
