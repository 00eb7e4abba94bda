/**
 * The tracking page's flow (/{merchantSlug}/booking_complete/{token}): follows the booking's live channel and reads the
 * booking on every newer UpdateBooking and every (re)subscription; falls back to the copy kept offline; exchanges the
 * diner's manage link (tried again once online); and, for the reminder's cancel link, opens the cancel modal or says
 * why it cannot. While the page is shown (the store listened to), the cancel link waits for the booking read afresh.
 */
import { atom, onMount } from 'nanostores';
import type { Lang } from '../i18n/t.ts';
import { isApiError, readApiAnswer } from '../lib/api/api-client.ts';
import { bookingApi } from '../lib/api/booking-api.ts';
import { dropFirstBookingRead, takeFirstBookingRead } from '../lib/api/first-booking-read.ts';
import { subscribeToBooking, type SubscribeOptions } from '../lib/api/realtime.ts';
import { cancelLinkOutcome, type CancelLinkOutcome } from '../lib/links/cancel-link.ts';
import type { ManageLink } from '../lib/links/manage-link.ts';
import { readBookingSnapshot, saveBookingSnapshot } from '../lib/tracking/booking-snapshot.ts';
import type { GetBookingResponse } from '../shared/api/booking.ts';
import type { FailureCode, Outcome } from '../shared/api/outcome.ts';
import { $booking, loadBooking, takeBooking } from './booking.ts';
import { cancelCurrentBooking } from './booking-writes.ts';
import { $lang } from './lang.ts';
import { openManageLink, type ManageLinkOutcome } from './manage-link.ts';
import { takeMerchant } from './merchant.ts';

/** What the tracking page shows besides the booking itself. */
export interface BookingComplete {
  phase: 'loading' | 'ready' | 'failed';
  /** Why the booking could not be shown (its error_code). */
  failure: FailureCode | null;
  /** When the booking shown is the copy kept offline: when it was read (unix ms). */
  offlineCopyAt: number | null;
  /** The clock (unix seconds) as of the last read: the notices are worked out against it. */
  now: number;
  /** Whether the live channel is up. */
  subscribed: boolean;
  /** Why the manage link's exchange failed (the page then stays view-only). */
  manageFailure: string | null;
  /** What the reminder's cancel link led to, once the booking was read. */
  cancelLinkResult: CancelLinkOutcome | null;
  cancelOpen: boolean;
}

const initial = (): BookingComplete => ({
  phase: 'loading',
  failure: null,
  offlineCopyAt: null,
  now: Math.floor(Date.now() / 1000),
  subscribed: false,
  manageFailure: null,
  cancelLinkResult: null,
  cancelOpen: false,
});

/** The tracking page's state. */
export const $bookingComplete = atom<BookingComplete>(initial());

const patch = (change: Partial<BookingComplete>) => $bookingComplete.set({ ...$bookingComplete.get(), ...change });

/** The page's bookkeeping, which nothing renders: kept across a second start of the same page. */
interface Page {
  slug: string;
  token: string;
  /** The manage link's exchange, started once. */
  exchange: Promise<ManageLinkOutcome> | null;
  /** The key while its exchange may still be tried again (it failed for want of a network). */
  manageKey: string | null;
  /** The cancel link was followed and has not led anywhere yet. */
  cancelLink: boolean;
  /** The cancel link's key exchange has ended: whether the key was accepted (null until then). */
  cancelLinkKey: boolean | null;
  /** Something was shown: a failed reload keeps it. */
  shown: boolean;
}

let page: Page | null = null;

const unreachable = (failure: unknown) => {
  const code = isApiError(failure) ? failure.code : failure;
  return code === 'network_error' || code === 'timeout';
};

// api/booking/get, keeping each answer so the page still shows the booking offline.
const getAndKeep = async (...args: Parameters<typeof bookingApi.getBooking>): Promise<GetBookingResponse> => {
  const [token, merchantSlug, lang] = args;
  // The first time, the page's own script has already asked (first-booking-read.ts): its answer is taken over.
  const first = lang && takeFirstBookingRead({ token, merchantSlug, lang });
  const answer = first ? await readApiAnswer<GetBookingResponse>(first) : await bookingApi.getBooking(...args);
  // The offline copy is the newest revision seen, never a read that answered after a later one.
  const held = $booking.get();
  if (held?.token !== answer.booking.token || held.revision <= answer.booking.revision) saveBookingSnapshot(answer);
  return answer;
};

/** Reads the booking; a reload that fails keeps what is shown, a first read falls back to the offline copy, or fails. */
async function load(current: Page): Promise<void> {
  try {
    await loadBooking(current.slug, current.token, $lang.get(), { getBooking: getAndKeep });
    current.shown = true;
    patch({ offlineCopyAt: null, failure: null, now: Math.floor(Date.now() / 1000), phase: 'ready' });
  } catch (error) {
    if (current.shown) return;
    const snapshot = unreachable(error) ? readBookingSnapshot(current.token) : null;
    if (snapshot) {
      takeMerchant(snapshot.answer);
      takeBooking(snapshot.answer.booking);
      current.shown = true;
      patch({ offlineCopyAt: snapshot.savedAt, phase: 'ready' });
      return;
    }
    // Anything else (a bug of ours) reads as the catalogue's generic failure.
    patch({ failure: isApiError(error) ? error.code : null, phase: 'failed' });
  }
}

/** The cancel link's key exchange has ended (accepted or not): the link now waits for the booking read afresh. */
function cancelLinkKeyKnown(current: Page, accepted: boolean): void {
  if (!current.cancelLink) return;
  current.cancelLink = false;
  current.cancelLinkKey = accepted;
  settleCancelLink();
}

/**
 * The cancel link, once the key's exchange has ended and the booking is read afresh (never from the offline copy): the
 * confirmation modal opens (the diner still confirms), or the page says why it cannot cancel. Once only.
 */
function settleCancelLink(): void {
  const state = $bookingComplete.get();
  const booking = $booking.get();
  if (!page || page.cancelLinkKey === null || state.phase !== 'ready' || !booking || state.offlineCopyAt !== null) return;
  const outcome = cancelLinkOutcome(booking, page.cancelLinkKey);
  page.cancelLinkKey = null;
  patch(outcome === 'confirm' ? { cancelLinkResult: outcome, cancelOpen: true } : { cancelLinkResult: outcome });
}

/** Where the live channel is, and what says the browser is back online (the window). */
export interface FollowOptions {
  subscribeOptions?: SubscribeOptions;
  events?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
}

/**
 * Starts the tracking page of a booking: the manage link (taken once per page by `takeLink`) becomes the booking's
 * session before anything is read; the live channel is asked for first, then the booking read, and read again on each
 * newer event, each (re)subscription and each return online. Answers how to stop following it.
 */
export function followBookingComplete(slug: string, token: string, takeLink: () => ManageLink | null, options: FollowOptions = {}): () => void {
  const { subscribeOptions = {}, events = globalThis } = options;
  // A second start of the same page (React's effects run again) reuses the exchange started by the first.
  if (page?.slug !== slug || page.token !== token) {
    $bookingComplete.set(initial());
    const link = takeLink();
    const manageKey = link?.key ?? null;
    page = { slug, token, manageKey, cancelLink: link?.action === 'cancel', cancelLinkKey: null, shown: false, exchange: null };
    page.exchange = manageKey ? openManageLink(token, manageKey, $lang.get()) : null;
  }
  const current = page;
  // An update published before the channel is subscribed never arrives: the channel is asked for first, then the
  // booking is read, and read again each time the channel is subscribed (the first time, and after every reconnection,
  // when pusher-js subscribes anew). Reads and events may cross: the newest revision stays (takeLatestBooking).
  let channelDown = false;
  let stopped = false;
  let live: ReturnType<typeof subscribeToBooking> | null = null;
  const follow = () => {
    const subscription = subscribeToBooking(
      token,
      (event) => {
        const held = $booking.get();
        if (held?.token !== token || event.revision > held.revision) void load(current);
      },
      {
        ...subscribeOptions,
        onSubscribed: () => {
          subscribeOptions.onSubscribed?.();
          patch({ subscribed: true });
          void load(current);
        },
      },
    );
    subscription.ready.catch(() => (channelDown = true));
    return subscription;
  };
  const start = () => {
    live = follow();
    void load(current);
  };
  if (current.exchange) {
    void current.exchange.then((outcome) => {
      if (stopped) return;
      // The boot script's read went without this session: its answer would say the page may not manage the booking.
      if (outcome.ok) dropFirstBookingRead();
      else patch({ manageFailure: outcome.code });
      // Opened offline (or the server out of reach): the key, gone from the address, is tried again once online.
      const settled = outcome.ok || !unreachable(outcome.code);
      if (settled) current.manageKey = null;
      // Offline, the cancel link waits for the exchange tried again once online.
      if (settled) cancelLinkKeyKnown(current, outcome.ok);
      start();
    });
  } else start();
  // Back online: read the booking afresh (this also replaces an offline copy), and follow it if that could not start.
  const onOnline = () => {
    if (!live) return;
    const key = current.manageKey;
    if (key) {
      void openManageLink(token, key, $lang.get()).then((outcome) => {
        if (stopped) return;
        const settled = outcome.ok || !unreachable(outcome.code);
        if (settled) current.manageKey = null;
        patch({ manageFailure: outcome.ok ? null : outcome.code });
        // The booking shown was read without the session: the cancel link waits for the read made with it.
        void load(current).then(() => {
          if (!stopped && settled) cancelLinkKeyKnown(current, outcome.ok);
        });
      });
    } else void load(current);
    if (!channelDown) return;
    channelDown = false;
    live.stop();
    live = follow();
  };
  events.addEventListener('online', onOnline);
  return () => {
    stopped = true;
    live?.stop();
    events.removeEventListener('online', onOnline);
  };
}

/** Opens the cancel confirmation. */
export function openCancel(): void {
  patch({ cancelOpen: true });
}

/** Closes the cancel confirmation. */
export function closeCancel(): void {
  patch({ cancelOpen: false });
}

/** Cancels the booking shown (the diner confirmed): the modal closes on success, the answer showing the booking as it is now. */
export async function confirmCancel(lang?: Lang): Promise<Outcome> {
  const outcome = await cancelCurrentBooking(lang);
  if (!outcome.ok) return outcome;
  closeCancel();
  return { ok: true };
}

/** Leaves the page: the next one starts afresh. */
export function leaveBookingComplete(): void {
  page = null;
  $bookingComplete.set(initial());
}

// The cancel link waits for the booking read afresh: it is looked at whenever the booking or the page changes.
onMount($bookingComplete, () => {
  const unlisten = [$booking.listen(settleCancelLink), $bookingComplete.listen(settleCancelLink)];
  settleCancelLink();
  return () => unlisten.forEach((stop) => stop());
});
