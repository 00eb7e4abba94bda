/** The account page's calls: the signed-in account's bookings (api/front/user/bookings) and sign-out (api/front/user/logout). */
import { call } from './call.ts';
import type { GuestBookingsChannel } from '../../shared/api/guest-bookings.ts';
import type { ApiResponseOf } from '../../shared/api/routes.ts';

/** api/front/user/bookings: the account's coming bookings soonest first and its past ones latest first (401 signed out, 403 for a guest). */
export function getUserBookings(): Promise<ApiResponseOf<'POST /api/front/user/bookings'>> {
  return call('POST /api/front/user/bookings', {});
}

/** api/front/user/logout: revokes `bearer` and the refresh token of its sign-in. */
export function logout(bearer: string): Promise<ApiResponseOf<'POST /api/front/user/logout'>> {
  return call('POST /api/front/user/logout', {}, { bearer });
}

/** api/front/user/guest_bookings: the bookings made as a guest under the account's email and phone. */
export function getGuestBookings(): Promise<ApiResponseOf<'POST /api/front/user/guest_bookings'>> {
  return call('POST /api/front/user/guest_bookings', {});
}

/** api/front/user/guest_bookings/code: a code to the account's email or phone (404 nothing there, 429 too many). */
export function sendGuestBookingsCode(channel: GuestBookingsChannel, lang: string): Promise<ApiResponseOf<'POST /api/front/user/guest_bookings/code'>> {
  return call('POST /api/front/user/guest_bookings/code', { channel, lang });
}

/** api/front/user/guest_bookings/attach: the bookings under that contact become the account's (403 identity_proof_invalid). */
export function attachGuestBookings(channel: GuestBookingsChannel, code: string): Promise<ApiResponseOf<'POST /api/front/user/guest_bookings/attach'>> {
  return call('POST /api/front/user/guest_bookings/attach', { channel, code });
}

/** The account page's calls, for stores that take their API as a parameter. */
export const myBookingsApi = { getUserBookings, logout, getGuestBookings, sendGuestBookingsCode, attachGuestBookings };

/** The account page's calls as a replaceable set. */
export type MyBookingsApi = typeof myBookingsApi;
