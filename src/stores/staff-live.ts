/**
 * $staffLive: the staff book's live channel (private-merchant.{id}, signed for this merchant's staff by /broadcasting/auth
 * with the staff bearer) and the new pending bookings it announced. The channel is asked for before the day is read, and
 * the day is read again each time it is subscribed (first time, every reconnection), when the browser is back online and
 * when a closing is made or removed (UpdateClosings) or a guest profile saved (UpdateGuest).
 */
import { map } from 'nanostores';
import { staffApi, type StaffApi } from '../lib/api/staff-api.ts';
import { subscribeToChannel, UPDATE_CLOSINGS_EVENT, UPDATE_GUEST_EVENT, type BookingSubscription, type SubscribeOptions } from '../lib/api/realtime.ts';
import { getStaffBearer } from '../lib/staff/staff-storage.ts';
import type { BookingUpdateEvent } from '../shared/api/realtime.ts';
import { isPending } from '../shared/booking-life-cycle.ts';
import type { StaffRole } from '../shared/staff-roles.ts';
import { $staffBook, eventIsNews, loadDay, refreshAfterChange } from './staff-book.ts';
import { forgetStaff, staffFailure, type StaffOutcome } from './staff-session.ts';

/** The live channel's state, the count of new pending bookings not yet looked at, and the staff member's role here (once known). */
export interface StaffLiveState {
  state: 'off' | 'connecting' | 'subscribed' | 'refused';
  newPending: number;
  role: StaffRole | null;
}

/** The book's live channel. */
export const $staffLive = map<StaffLiveState>({ state: 'off', newPending: 0, role: null });

/** What startLiveBook may be given instead of its defaults. */
export interface LiveBookOptions {
  api?: StaffApi;
  subscribe?: (channel: string, onUpdate: (event: BookingUpdateEvent) => void, options: SubscribeOptions) => BookingSubscription;
  /** Called for each booking that becomes pending (a new one, or one changed back to pending). */
  onNewPending?: (event: BookingUpdateEvent) => void;
  /** Passed on to the subscription (tests point it at their server). */
  subscribeOptions?: SubscribeOptions;
}

// The last status each booking was seen with: a booking already seen pending does not ring again.
const seenStatus = new Map<string, number | null>();

$staffBook.subscribe((book) => {
  for (const booking of book.bookings) seenStatus.set(booking.token, booking.status);
});

/** Takes one event of the merchant's channel: counts a new pending booking, and reads the day again when it is news. */
export function takeMerchantEvent(event: BookingUpdateEvent, options: Pick<LiveBookOptions, 'onNewPending' | 'api'> = {}): Promise<void> {
  // A draft (no status yet) is not in the book.
  if (event.status === null) return Promise.resolve();
  const before = seenStatus.get(event.token);
  seenStatus.set(event.token, event.status);
  if (isPending(event.status) && !isPending(before ?? null)) {
    $staffLive.setKey('newPending', $staffLive.get().newPending + 1);
    options.onNewPending?.(event);
  }
  return eventIsNews(event) ? refreshAfterChange(options.api) : Promise.resolve();
}

/** The new pending bookings have been looked at: the badge goes. */
export function seenNewPending(): void {
  $staffLive.setKey('newPending', 0);
}

/**
 * Joins the merchant's channel, then reads the day (again at every subscription and when back online). Resolves with
 * the outcome of asking who the staff member is (`merchant_not_found` for a merchant not theirs) and a stop function.
 */
export async function startLiveBook(options: LiveBookOptions = {}): Promise<{ outcome: StaffOutcome; stop: () => void }> {
  const api = options.api ?? staffApi;
  const subscribe = options.subscribe ?? subscribeToChannel;
  const { slug } = $staffBook.get();
  let channel: string | undefined;
  try {
    const me = await api.me();
    const here = me.merchants.find((merchant) => merchant.slug === slug);
    channel = here?.channel;
    $staffLive.setKey('role', here?.role ?? null);
    if (!channel) {
      // Not a merchant of this staff member's: answered as unknown, like the server does.
      $staffBook.set({ ...$staffBook.get(), status: 'error', error: 'merchant_not_found' });
      return { outcome: { ok: false, code: 'merchant_not_found' }, stop: () => {} };
    }
  } catch (error) {
    const failure = staffFailure(error);
    if (failure.code === 'unauthenticated') forgetStaff();
    // Offline: the day is still read (it fails and says so); the channel starts when the browser is back online.
    if (failure.code !== 'network_error' && failure.code !== 'timeout') return { outcome: failure, stop: () => {} };
  }
  let subscription: BookingSubscription | undefined;
  const join = () => {
    if (!channel) return;
    subscription?.stop();
    $staffLive.setKey('state', 'connecting');
    subscription = subscribe(channel, (event) => void takeMerchantEvent(event, { api, onNewPending: options.onNewPending }), {
      ...options.subscribeOptions,
      bearer: getStaffBearer,
      // A closing may reach any day (a range spans several): the day shown is read again whichever it names.
      events: {
        ...options.subscribeOptions?.events,
        [UPDATE_CLOSINGS_EVENT]: () => void loadDay(undefined, api),
        [UPDATE_GUEST_EVENT]: () => void loadDay(undefined, api),
      },
      onSubscribed: () => {
        $staffLive.setKey('state', 'subscribed');
        void loadDay(undefined, api);
      },
      onRefused: (status) => {
        $staffLive.setKey('state', 'refused');
        if (status === 401) forgetStaff();
      },
    });
    // Until the channel is up (or when it cannot start), the day is read all the same.
    subscription.ready.catch(() => undefined);
  };
  join();
  const readFirst = loadDay(undefined, api);
  const onOnline = async () => {
    if (!channel) {
      // The channel's name could not be asked for offline: ask now, then join.
      channel = (await api.me().catch(() => null))?.merchants.find((merchant) => merchant.slug === slug)?.channel;
    }
    // A channel that could not start offline starts now (and reads when subscribed); a live one reads at once.
    if ($staffLive.get().state !== 'subscribed') join();
    else void loadDay(undefined, api);
  };
  const onOnlineEvent = () => void onOnline();
  globalThis.addEventListener?.('online', onOnlineEvent);
  await readFirst;
  return {
    outcome: { ok: true },
    stop: () => {
      globalThis.removeEventListener?.('online', onOnlineEvent);
      subscription?.stop();
      $staffLive.set({ state: 'off', newPending: 0, role: null });
    },
  };
}
