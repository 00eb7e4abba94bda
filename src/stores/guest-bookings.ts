/** $guestBookings: the account page's offer to attach the bookings the diner made as a guest under the account's email or phone. */
import { atom } from 'nanostores';
import { failureCodeOf } from '../lib/api/api-client.ts';
import { myBookingsApi, type MyBookingsApi } from '../lib/api/my-bookings-api.ts';
import type { GuestBookingsChannel, GuestBookingsChannelOffer } from '../shared/api/guest-bookings.ts';
import type { FailureCode } from '../shared/api/outcome.ts';
import { loadMyBookings } from './my-bookings.ts';

/** The channels with bookings under them. */
export type GuestBookingsChannels = Partial<Record<GuestBookingsChannel, GuestBookingsChannelOffer>>;

/** Nothing to offer, the offer, the code step (sent to one channel), or done. */
export type GuestBookingsState =
  | { status: 'none' }
  | { status: 'offer'; channels: GuestBookingsChannels; sending: GuestBookingsChannel | null; error: FailureCode | null }
  | { status: 'code'; channels: GuestBookingsChannels; channel: GuestBookingsChannel; sentTo: string; pending: boolean; error: FailureCode | null }
  | { status: 'done'; attached: number };

/** The offer as the account page shows it. */
export const $guestBookings = atom<GuestBookingsState>({ status: 'none' });

type Api = Pick<MyBookingsApi, 'getGuestBookings' | 'sendGuestBookingsCode' | 'attachGuestBookings' | 'getUserBookings'>;

/** Asks what guest bookings lie under the account's email and phone; any failure leaves nothing offered (the list still shows). */
export async function loadGuestBookingsOffer(api: Api = myBookingsApi): Promise<void> {
  try {
    const { email, phone } = await api.getGuestBookings();
    const channels: GuestBookingsChannels = { ...(email ? { email } : {}), ...(phone ? { phone } : {}) };
    $guestBookings.set(Object.keys(channels).length > 0 ? { status: 'offer', channels, sending: null, error: null } : { status: 'none' });
  } catch {
    $guestBookings.set({ status: 'none' });
  }
}

/** Sends a code to the account's email or phone, then asks for it (a new code from the code step too). */
export async function sendGuestBookingsCode(channel: GuestBookingsChannel, lang: string, api: Api = myBookingsApi): Promise<void> {
  const state = $guestBookings.get();
  if (state.status !== 'offer' && state.status !== 'code') return;
  const channels = state.channels;
  if (state.status === 'offer') $guestBookings.set({ ...state, sending: channel, error: null });
  else $guestBookings.set({ ...state, pending: true, error: null });
  try {
    const { sent_to: sentTo } = await api.sendGuestBookingsCode(channel, lang);
    $guestBookings.set({ status: 'code', channels, channel, sentTo, pending: false, error: null });
  } catch (error) {
    const current = $guestBookings.get();
    if (current.status === 'code') $guestBookings.set({ ...current, pending: false, error: failureCodeOf(error) });
    else $guestBookings.set({ status: 'offer', channels, sending: null, error: failureCodeOf(error) });
  }
}

/** Attaches the bookings with the code received; on success the account's list is loaded again with them in it. */
export async function attachGuestBookingsWithCode(code: string, api: Api = myBookingsApi): Promise<void> {
  const state = $guestBookings.get();
  if (state.status !== 'code') return;
  $guestBookings.set({ ...state, pending: true, error: null });
  try {
    const { attached } = await api.attachGuestBookings(state.channel, code);
    $guestBookings.set({ status: 'done', attached });
    await loadMyBookings(api);
  } catch (error) {
    $guestBookings.set({ ...state, pending: false, error: failureCodeOf(error) });
  }
}

/** Back from the code step to the choice of channel. */
export function backToGuestBookingsOffer(): void {
  const state = $guestBookings.get();
  if (state.status === 'code') $guestBookings.set({ status: 'offer', channels: state.channels, sending: null, error: null });
}
