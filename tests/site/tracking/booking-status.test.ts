import { describe, expect, test } from 'vitest';
import type { BookingStatusCode } from '../../../src/shared/booking-status.ts';
import { statusDot, trackingBackLink } from '../../../src/lib/booking/booking-status.ts';
import { isCancelled, mayDinerCancel, mayDinerChange } from '../../../src/shared/booking-life-cycle.ts';

const here = 'https://book.example/le-petit-zinc/booking_complete/tok123';

describe('what a status means on the tracking page', () => {
  test.each<[BookingStatusCode | null, string, boolean, boolean, boolean]>([
    // status, dot, may edit, may cancel, cancelled
    [null, 'grey', true, false, false],
    [10, 'yellow', true, true, false],
    [20, 'green', true, true, false],
    [25, 'red', false, false, true],
    [30, 'green', false, false, false],
    [40, 'red', false, false, true],
  ])('status %s has a %s dot, edit %s, cancel %s, cancelled %s', (status, dot, edit, cancel, cancelled) => {
    expect(statusDot(status)).toBe(dot);
    expect(mayDinerChange(status)).toBe(edit);
    expect(mayDinerCancel(status)).toBe(cancel);
    expect(isCancelled(status)).toBe(cancelled);
  });
});

describe('the back arrow', () => {
  const context = { merchantSlug: 'le-petit-zinc', referrer: '', merchantUrl: 'https://le-petit-zinc.example', here };

  test.each<[BookingStatusCode | null, Partial<typeof context>, string | null]>([
    [25, { referrer: 'https://elsewhere.example/' }, '/le-petit-zinc'],
    [40, {}, '/le-petit-zinc'],
    [30, { referrer: 'https://elsewhere.example/' }, null],
    [10, { referrer: 'https://elsewhere.example/page' }, 'https://elsewhere.example/page'],
    [20, {}, 'https://le-petit-zinc.example'],
    [20, { merchantUrl: '' }, '/le-petit-zinc'],
    // The page itself, the Validate page and the sign-in pages that led here would go round in a circle.
    [10, { referrer: here }, 'https://le-petit-zinc.example'],
    [10, { referrer: 'https://book.example/le-petit-zinc/validate/tok123' }, 'https://le-petit-zinc.example'],
    [10, { referrer: 'https://book.example/auth/no_account' }, 'https://le-petit-zinc.example'],
    [10, { referrer: 'https://book.example/le-petit-zinc' }, 'https://book.example/le-petit-zinc'],
    [10, { referrer: 'javascript:alert(1)' }, 'https://le-petit-zinc.example'],
  ])('status %s with %o leads to %s', (status, overrides, expected) => {
    expect(trackingBackLink(status, { ...context, ...overrides })).toBe(expected);
  });
});
