import { describe, expect, test } from 'vitest';
import type { Booking, BookingClient } from '../../../src/shared/api/booking.ts';
import { validateEntryTarget } from '../../../src/lib/booking/validate-entry.ts';

const client = (phone: string | null): BookingClient => ({
  firstname: 'Camille',
  lastname: 'Durand',
  phone,
  email: null,
  avatar: { path: '/images/avatar.svg' },
});

describe('where Validate sends the diner on entry', () => {
  test.each<[string, Pick<Booking, 'status' | 'bookingClient'>, string | null]>([
    ['a draft with a phone stays', { status: null, bookingClient: client('+33612345678') }, null],
    ['a draft not yet tied to a diner stays', { status: null, bookingClient: null }, null],
    ['a diner without a phone goes to Onboarding', { status: null, bookingClient: client(null) }, '/auth/onboarding'],
    ['a pending booking is already done', { status: 10, bookingClient: client(null) }, '/zinc/booking_complete/tok'],
    ['a confirmed booking is already done', { status: 20, bookingClient: client('+33612345678') }, '/zinc/booking_complete/tok'],
    ['a finished booking is already done', { status: 30, bookingClient: null }, '/zinc/booking_complete/tok'],
    ['a refused booking goes home', { status: 25, bookingClient: null }, '/zinc'],
    ['a cancelled booking goes home', { status: 40, bookingClient: null }, '/zinc'],
  ])('%s', (_name, booking, expected) => {
    expect(validateEntryTarget(booking, 'zinc', 'tok')).toBe(expected);
  });
});
