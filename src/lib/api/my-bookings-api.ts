/** The account page's calls: the signed-in account's bookings (api/front/user/bookings) and sign-out (api/front/user/logout). */
import { apiPost } from './api-client.ts';
import type { UserBookingsResponse } from '../../shared/api/user-bookings.ts';

/** api/front/user/bookings: the account's coming bookings soonest first and its past ones latest first (401 signed out, 403 for a guest). */
export function getUserBookings(): Promise<UserBookingsResponse> {
  return apiPost<UserBookingsResponse>('/api/front/user/bookings', {});
}

/** api/front/user/logout: revokes `bearer` and the refresh token of its sign-in. */
export function logout(bearer: string): Promise<{ success: true; revoked: boolean }> {
  return apiPost<{ success: true; revoked: boolean }>('/api/front/user/logout', {}, { bearer });
}

/** The account page's calls, for stores that take their API as a parameter. */
export const myBookingsApi = { getUserBookings, logout };

/** The account page's calls as a replaceable set. */
export type MyBookingsApi = typeof myBookingsApi;
