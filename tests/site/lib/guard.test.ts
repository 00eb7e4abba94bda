import { describe, expect, test } from 'vitest';
import { guard, guardPath, signedInTarget, type GuardState } from '../../../src/lib/navigation/guard.ts';
import { matchRoute, type RouteName } from '../../../src/lib/navigation/routes.ts';

const signedOut: GuardState = { bearer: null, currentMerchant: null, currentMerchantToken: null };
const bearerOnly: GuardState = { bearer: 'B', currentMerchant: null, currentMerchantToken: null };
const bearerAndMerchant: GuardState = { bearer: 'B', currentMerchant: 'le-petit-zinc', currentMerchantToken: null };
const bearerMerchantToken: GuardState = { bearer: 'B', currentMerchant: 'le-petit-zinc', currentMerchantToken: 'TOKEN-0123456789abcd' };

describe('the navigation guard (spec section 2)', () => {
  test.each([
    // Pages anyone may open.
    ['NotFound', signedOut, null],
    ['NotFound', bearerMerchantToken, null],
    ['BookingHome', signedOut, null],
    ['BookingHome', bearerMerchantToken, null],
    ['BookingComplete', signedOut, null],
    ['BookingComplete', bearerMerchantToken, null],
    ['Legal', signedOut, null],
    // Protected pages without a bearer go to /auth.
    ['Validate', signedOut, '/auth'],
    ['Onboarding', signedOut, '/auth'],
    ['Validate', { ...signedOut, currentMerchant: 'x', currentMerchantToken: 'T' }, '/auth'],
    // Protected pages with a bearer open.
    ['Validate', bearerOnly, null],
    ['Onboarding', bearerOnly, null],
    // Not-signed-in-only pages open without a bearer.
    ['Auth', signedOut, null],
    ['Login', signedOut, null],
    ['Register', signedOut, null],
    ['ForgotPassword', signedOut, null],
    ['NoAuth', signedOut, null],
    // ...and with a bearer lead to Validate when a merchant and its token are stored,
    ['Auth', bearerMerchantToken, '/le-petit-zinc/validate/TOKEN-0123456789abcd'],
    ['Login', bearerMerchantToken, '/le-petit-zinc/validate/TOKEN-0123456789abcd'],
    ['Register', bearerMerchantToken, '/le-petit-zinc/validate/TOKEN-0123456789abcd'],
    ['ForgotPassword', bearerMerchantToken, '/le-petit-zinc/validate/TOKEN-0123456789abcd'],
    ['NoAuth', bearerMerchantToken, '/le-petit-zinc/validate/TOKEN-0123456789abcd'],
    // to that merchant's booking home when only the merchant is stored,
    ['Auth', bearerAndMerchant, '/le-petit-zinc'],
    ['NoAuth', bearerAndMerchant, '/le-petit-zinc'],
    // and to the account page otherwise (never "this restaurant does not exist").
    ['Auth', bearerOnly, '/account'],
    ['Login', bearerOnly, '/account'],
  ] as Array<[RouteName, GuardState, string | null]>)('%s with %j redirects to %j', (route, state, expected) => {
    expect(guard(route, state)).toBe(expected);
  });

  // A guest session reaches its one booking only: for any other booking it is no session, so the guard never loops.
  const guestOfOther: GuardState = { ...bearerMerchantToken, guestBooking: 'OLD-BOOKING-0123456789' };
  const guestOfThis: GuardState = { ...bearerMerchantToken, guestBooking: 'TOKEN-0123456789abcd' };
  test.each([
    ['Auth', guestOfOther, null],
    ['Login', guestOfOther, null],
    ['NoAuth', guestOfOther, null],
    ['Validate', guestOfOther, '/auth'],
    ['Onboarding', guestOfOther, '/auth'],
    ['NoAuth', { ...guestOfOther, currentMerchantToken: null }, null],
    ['NoAuth', guestOfThis, '/le-petit-zinc/validate/TOKEN-0123456789abcd'],
    ['Validate', guestOfThis, null],
  ] as Array<[RouteName, GuardState, string | null]>)('a guest session: %s with %j redirects to %j', (route, state, expected) => {
    expect(guard(route, state)).toBe(expected);
  });

  test('a token stored without a current merchant does not lead to Validate', () => {
    expect(signedInTarget({ currentMerchant: null, currentMerchantToken: 'T' })).toBe('/account');
  });

  test.each([
    ['/auth/login', bearerMerchantToken, '/le-petit-zinc/validate/TOKEN-0123456789abcd'],
    ['/auth/login/', signedOut, null],
    ['/le-petit-zinc/validate/TOKEN-0123456789abcd', signedOut, '/auth'],
    ['/le-petit-zinc/booking_complete/TOKEN-0123456789abcd', signedOut, null],
    ['/le-petit-zinc', signedOut, null],
  ] as Array<[string, GuardState, string | null]>)('the path %s with %j redirects to %j', (path, state, expected) => {
    expect(guardPath(path, state)).toBe(expected);
  });
});

describe('route matching', () => {
  test.each([
    ['/', { name: 'NotFound' }],
    ['/le-petit-zinc', { name: 'BookingHome', merchantSlug: 'le-petit-zinc' }],
    ['/le-petit-zinc/', { name: 'BookingHome', merchantSlug: 'le-petit-zinc' }],
    ['/auth', { name: 'Auth' }],
    ['/auth/', { name: 'Auth' }],
    ['/auth/login', { name: 'Login' }],
    ['/auth/register', { name: 'Register' }],
    ['/auth/forgot_password', { name: 'ForgotPassword' }],
    ['/auth/no_account', { name: 'NoAuth' }],
    ['/auth/onboarding', { name: 'Onboarding' }],
    ['/auth/unknown', { name: 'NotFound' }],
    ['/le-petit-zinc/validate/ABC', { name: 'Validate', merchantSlug: 'le-petit-zinc', token: 'ABC' }],
    ['/le-petit-zinc/booking_complete/ABC', { name: 'BookingComplete', merchantSlug: 'le-petit-zinc', token: 'ABC' }],
    ['/le-petit-zinc/index.html', { name: 'BookingHome', merchantSlug: 'le-petit-zinc' }],
    ['/le-petit-zinc/validate', { name: 'NotFound' }],
    ['/legal/terms', { name: 'Legal' }],
    ['/account', { name: 'Account' }],
    ['/account/', { name: 'Account' }],
    ['/le-petit-zinc/other/ABC', { name: 'NotFound' }],
  ])('%s is %j', (path, expected) => {
    expect(matchRoute(path)).toEqual(expected);
  });
});
