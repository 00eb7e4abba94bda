import { describe, expect, test } from 'vitest';
import type { Booking } from '../../../src/shared/api/booking.ts';
import type { BookingStatusCode } from '../../../src/shared/booking-status.ts';
import { CALL_HINT_WINDOW_SECONDS, trackingNotices } from '../../../src/lib/tracking/tracking-notices.ts';

const now = 1_800_000_000;
type Facts = Pick<
  Booking,
  'status' | 'bookingForTimestamp' | 'showUnavailableMerchant' | 'bookingCancelReason' | 'bookingCancelMessage' | 'changeAwaitsAnswer'
>;
const booking = (overrides: Partial<Facts>): Facts => ({
  status: 10,
  bookingForTimestamp: now + 3 * 24 * 3600,
  showUnavailableMerchant: false,
  bookingCancelReason: null,
  bookingCancelMessage: null,
  ...overrides,
});

describe('the notices of the tracking page', () => {
  test('a pending booking days ahead: the restaurant is checking, an SMS will follow', () => {
    expect(trackingNotices(booking({}), now)).toEqual({
      checking: true,
      changeAwaitsAnswer: false,
      pendingHint: 'sms',
      unavailable: false,
      cancellation: null,
      illustration: true,
    });
  });

  test.each<[BookingStatusCode, boolean]>([
    [10, true],
    [20, false],
  ])('a booking the diner changed, status %s: the change awaits the restaurant’s answer: %s', (status, awaits) => {
    expect(trackingNotices(booking({ status, changeAwaitsAnswer: true }), now).changeAwaitsAnswer).toBe(awaits);
  });

  test('a pending booking within a day: try to call the restaurant', () => {
    expect(trackingNotices(booking({ bookingForTimestamp: now + CALL_HINT_WINDOW_SECONDS - 60 }), now).pendingHint).toBe('call');
  });

  test.each<[BookingStatusCode, boolean]>([
    [20, true],
    [25, true],
    [30, true],
    [40, false],
  ])('status %s: no pending notice, illustration %s', (status, illustration) => {
    const notices = trackingNotices(booking({ status }), now);
    expect(notices.checking).toBe(false);
    expect(notices.pendingHint).toBeNull();
    expect(notices.illustration).toBe(illustration);
  });

  test('showUnavailableMerchant adds the unavailable notice', () => {
    expect(trackingNotices(booking({ showUnavailableMerchant: true }), now).unavailable).toBe(true);
  });

  test.each([
    ['days ahead', 3 * 24 * 3600],
    ['within a day', 3600],
  ])('an unavailable restaurant, booking %s: still being checked, but neither "an SMS will follow" nor a second call hint', (_when, ahead) => {
    const notices = trackingNotices(booking({ showUnavailableMerchant: true, bookingForTimestamp: now + ahead }), now);
    expect(notices).toMatchObject({ checking: true, unavailable: true, pendingHint: null });
  });

  test.each<[string, Partial<Facts>, { reason: string | null; message: string | null } | null]>([
    [
      'a refusal shows its reason and the message',
      { status: 25, bookingCancelReason: 'restaurant_full', bookingCancelMessage: ' Privatisé. ' },
      { reason: 'restaurant_full', message: 'Privatisé.' },
    ],
    [
      'a restaurant cancellation without a message',
      { status: 40, bookingCancelReason: 'restaurant_cancelled' },
      { reason: 'restaurant_cancelled', message: null },
    ],
    [
      "the diner's own cancellation never shows a message",
      { status: 40, bookingCancelReason: 'client_cancel', bookingCancelMessage: 'x' },
      { reason: 'client_cancel', message: null },
    ],
    [
      'a booking the restaurant never answered says so',
      { status: 25, bookingCancelReason: 'restaurant_no_answer' },
      { reason: 'restaurant_no_answer', message: null },
    ],
    ['no reason: the generic cancelled text', { status: 40 }, { reason: null, message: null }],
    ['a confirmed booking has none', { status: 20, bookingCancelReason: 'restaurant_full' }, null],
  ])('%s', (_name, overrides, expected) => {
    expect(trackingNotices(booking(overrides), now).cancellation).toEqual(expected);
  });
});
