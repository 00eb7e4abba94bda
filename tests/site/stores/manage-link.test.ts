import { beforeEach, describe, expect, test } from 'vitest';
import { ApiError } from '../../../src/lib/api/api-client.ts';
import type { BookingSessionRequest, NoAccountRequest } from '../../../src/shared/api/account.ts';
import { mayManageBooking } from '../../../src/lib/booking/booking-status.ts';
import { CALL_HINT_WINDOW_SECONDS, trackingNotices } from '../../../src/lib/tracking/tracking-notices.ts';
import { manageKeyOf, manageLinkOf, plainTrackingUrl, takeManageLink } from '../../../src/lib/links/manage-link.ts';
import { getGuestBearer, getPendingManageKey, setCurrentMerchant, setMerchantToken, setPendingManageKey } from '../../../src/lib/platform/storage.ts';
import { $auth, resumeGuestSession, signIn, signOut } from '../../../src/stores/auth.ts';
import { continueAsGuest } from '../../../src/stores/sign-in.ts';
import { openBookingOnHome } from '../../../src/stores/booking.ts';
import { finishPendingManageLink, openManageLink } from '../../../src/stores/manage-link.ts';
import type { GetBookingResponse } from '../../../src/shared/api/booking.ts';
import { installStorage, type MemoryStorage } from '../support/browser-storage.ts';

const TOKEN = 'TOKEN-0123456789abcdef';
const KEY = 'Kq3_x9ZrT4mN8pL2vB6cH1sD5fG7jW0e';
let local: MemoryStorage;

beforeEach(() => {
  local = installStorage().local;
  signOut();
});

/** A booking_session that answers like the contract: a bearer for the right key, 403 manage_key_invalid otherwise. */
function sessionApi(sent: BookingSessionRequest[] = []) {
  return {
    bookingSession: async (request: BookingSessionRequest) => {
      sent.push(request);
      if (request.manageKey !== KEY) throw new ApiError(403, 'manage_key_invalid', { success: false, error_code: 'manage_key_invalid' });
      return { success: true as const, access_token: 'BOOKING-BEARER', token_type: 'Bearer', expires_in: 3600 };
    },
  };
}

describe('the manage link (#manage=KEY)', () => {
  test('the key is read from the fragment only, and only when it looks like one', () => {
    expect(manageKeyOf(`#manage=${KEY}`)).toBe(KEY);
    expect(manageKeyOf('')).toBeNull();
    expect(manageKeyOf('#manage=')).toBeNull();
    expect(manageKeyOf('#manage=<script>')).toBeNull();
    expect(manageKeyOf('#other=1')).toBeNull();
  });

  test.each([
    ['the manage link', `#manage=${KEY}`, { key: KEY, action: null }],
    ["the reminder's cancel link", `#manage=${KEY}&action=cancel`, { key: KEY, action: 'cancel' }],
    ['the action first', `#action=cancel&manage=${KEY}`, { key: KEY, action: 'cancel' }],
    ['an action it does not know', `#manage=${KEY}&action=delete`, { key: KEY, action: null }],
    ['an action with an empty value', `#manage=${KEY}&action=`, { key: KEY, action: null }],
    ['an action without a key', '#action=cancel', null],
    ['an action with a key that is not one', '#manage=<b>&action=cancel', null],
    ['no fragment', '', null],
  ])('%s reads as its key and action', (_case, hash, expected) => {
    expect(manageLinkOf(hash)).toEqual(expected);
  });

  test.each([
    ['the manage link', `#manage=${KEY}`, { key: KEY, action: null }],
    ['the cancel link', `#manage=${KEY}&action=cancel`, { key: KEY, action: 'cancel' }],
  ])('taking %s leaves the plain tracking address (key and action gone), without a new history entry', (_case, hash, expected) => {
    const replaced: string[] = [];
    const history = { state: { kept: true }, replaceState: (_state: unknown, _title: string, url?: string | URL | null) => replaced.push(String(url)) };
    const link = takeManageLink({ hash, pathname: `/le-petit-zinc/booking_complete/${TOKEN}`, search: '' }, history);
    expect(link).toEqual(expected);
    expect(replaced).toEqual([`/le-petit-zinc/booking_complete/${TOKEN}`]);
  });

  test.each([
    ['no key', ''],
    ['an action without a key', '#action=cancel'],
  ])('an address with %s is left alone', (_case, hash) => {
    const replaced: string[] = [];
    const history = { state: null, replaceState: (_s: unknown, _t: string, url?: string | URL | null) => replaced.push(String(url)) };
    expect(takeManageLink({ hash, pathname: '/x', search: '' }, history)).toBeNull();
    expect(replaced).toEqual([]);
  });

  test('Share sends the plain tracking link: never the fragment, never a query', () => {
    expect(plainTrackingUrl({ origin: 'https://book.example', pathname: `/le-petit-zinc/booking_complete/${TOKEN}` })).toBe(
      `https://book.example/le-petit-zinc/booking_complete/${TOKEN}`,
    );
  });

  test("a right key becomes this booking's guest bearer, and the session for it at once", async () => {
    const sent: BookingSessionRequest[] = [];
    expect(await openManageLink(TOKEN, KEY, 'en', sessionApi(sent))).toEqual({ ok: true });
    expect(sent).toEqual([{ bookingToken: TOKEN, manageKey: KEY, lang: 'en' }]);
    expect(getGuestBearer(TOKEN)).toBe('BOOKING-BEARER');
    expect(local.getItem(`guest_bearer_${TOKEN}`)).toBe('BOOKING-BEARER');
    expect($auth.get()).toMatchObject({ status: 'signed-in', bearer: 'BOOKING-BEARER', guestBooking: TOKEN });
  });

  test('a guest session of another booking gives way; an expired one of this booking is replaced', async () => {
    signIn('OTHER-GUEST', null, 'OTHER-TOKEN');
    await openManageLink(TOKEN, KEY, undefined, sessionApi());
    expect($auth.get()).toMatchObject({ bearer: 'BOOKING-BEARER', guestBooking: TOKEN });
    signIn('EXPIRED', null, TOKEN);
    await openManageLink(TOKEN, KEY, undefined, sessionApi());
    expect($auth.get().bearer).toBe('BOOKING-BEARER');
  });

  test("an account signed in here stays signed in; the booking's bearer is kept with the booking", async () => {
    signIn('ACCOUNT-BEARER', 'REFRESH');
    await openManageLink(TOKEN, KEY, undefined, sessionApi());
    expect($auth.get()).toMatchObject({ bearer: 'ACCOUNT-BEARER', guestBooking: null });
    expect(getGuestBearer(TOKEN)).toBe('BOOKING-BEARER');
  });

  test('a wrong key says so, stores nothing and leaves the page signed out (view-only)', async () => {
    expect(await openManageLink(TOKEN, 'wrong-key-0123456789', undefined, sessionApi())).toEqual({ ok: false, code: 'manage_key_invalid' });
    expect(getGuestBearer(TOKEN)).toBeNull();
    expect($auth.get().status).toBe('signed-out');
  });

  test('after the exchange, Edit and Update on the booking find its bearer (not NoAuth)', async () => {
    await openManageLink(TOKEN, KEY, undefined, sessionApi());
    signOut();
    resumeGuestSession(TOKEN);
    expect($auth.get()).toMatchObject({ bearer: 'BOOKING-BEARER', guestBooking: TOKEN });
  });
});

describe("an Edit tapped before the manage link's exchange has ended", () => {
  test('the key is kept in this tab while its exchange runs, and goes when it ends', async () => {
    let seenDuring: string | null = null;
    const api = {
      bookingSession: async (request: BookingSessionRequest) => {
        seenDuring = getPendingManageKey(TOKEN);
        return sessionApi().bookingSession(request);
      },
    };
    await openManageLink(TOKEN, KEY, undefined, api);
    expect(seenDuring).toBe(KEY);
    expect(getPendingManageKey(TOKEN)).toBeNull();
  });

  test.each([
    ['a wrong key', 'wrong-key-0123456789', null],
    ['no network (tried again later)', 'network', KEY],
  ])('after %s, the pending key is %s', async (_case, mode, kept) => {
    const api = {
      bookingSession: async (request: BookingSessionRequest) => {
        if (mode === 'network') throw new TypeError('Failed to fetch');
        return sessionApi().bookingSession({ ...request, manageKey: mode });
      },
    };
    await openManageLink(TOKEN, KEY, undefined, api);
    expect(getPendingManageKey(TOKEN)).toBe(kept);
  });

  test('the booking home trades a pending key itself, then opens the booking with its session for Update', async () => {
    // The tracking page was left while its exchange was under way: the key is pending, no session yet.
    setPendingManageKey(TOKEN, KEY);
    const sent: BookingSessionRequest[] = [];
    expect(await finishPendingManageLink(TOKEN, 'fr', sessionApi(sent))).toEqual({ ok: true });
    expect(sent).toEqual([{ bookingToken: TOKEN, manageKey: KEY, lang: 'fr' }]);
    expect(getPendingManageKey(TOKEN)).toBeNull();
    expect($auth.get()).toMatchObject({ bearer: 'BOOKING-BEARER', guestBooking: TOKEN });
    const answering = { getBooking: async () => ({ booking: { token: TOKEN, status: 10, canManage: true } }) as unknown as GetBookingResponse };
    expect((await openBookingOnHome('le-petit-zinc', TOKEN, undefined, answering)).to).toBeNull();
  });

  test('with nothing pending (or no token), the booking home calls nobody', async () => {
    const sent: BookingSessionRequest[] = [];
    setPendingManageKey('ANOTHER-TOKEN', KEY);
    expect(await finishPendingManageLink(TOKEN, 'fr', sessionApi(sent))).toBeNull();
    expect(await finishPendingManageLink(null, 'fr', sessionApi(sent))).toBeNull();
    expect(sent).toEqual([]);
  });
});

describe('the view-only state', () => {
  test.each([
    ['the owner (canManage true)', { status: 10 as const, canManage: true }, true],
    ['a shared link (canManage false)', { status: 20 as const, canManage: false }, false],
    ['a draft, which has no diner to prove yet', { status: null, canManage: false }, true],
    ['a copy kept before the flag existed', { status: 10 as const }, true],
  ])('%s', (_case, booking, expected) => {
    expect(mayManageBooking(booking)).toBe(expected);
  });

  test("a shared link's reader is not promised the diner's confirmation SMS; the call hint near the time stays", () => {
    const now = 1_800_000_000;
    const pending = { status: 10 as const, showUnavailableMerchant: false, bookingCancelReason: null, bookingCancelMessage: null };
    const daysAhead = { ...pending, bookingForTimestamp: now + 3 * 24 * 3600 };
    expect(trackingNotices({ ...daysAhead, canManage: true }, now).pendingHint).toBe('sms');
    expect(trackingNotices({ ...daysAhead, canManage: false }, now)).toMatchObject({ checking: true, pendingHint: null });
    const soon = { ...pending, bookingForTimestamp: now + CALL_HINT_WINDOW_SECONDS - 60, canManage: false };
    expect(trackingNotices(soon, now).pendingHint).toBe('call');
  });
});

describe('the Edit link opened by whoever may only view the booking', () => {
  const answering = (booking: Partial<GetBookingResponse['booking']>) => ({
    getBooking: async () => ({ booking: { token: TOKEN, status: 10, ...booking } }) as unknown as GetBookingResponse,
  });

  test('leads back to the tracking page instead of offering Update and Cancel', async () => {
    expect(await openBookingOnHome('le-petit-zinc', TOKEN, undefined, answering({ canManage: false }))).toEqual({
      state: 'none',
      to: `/le-petit-zinc/booking_complete/${TOKEN}`,
    });
  });
});

describe('NoAuth on a booking that already has a guest', () => {
  const details = { firstname: 'Eve', lastname: 'Stranger', phone: '+33699999999', email: '' };

  function noAccountApi(sent: NoAccountRequest[]) {
    return {
      noAccount: async (request: NoAccountRequest) => {
        sent.push(request);
        if (!request.code) {
          throw new ApiError(403, 'identity_proof_required', {
            success: false,
            error_code: 'identity_proof_required',
            sent_to: { phone: '•• •• •• •• 34', email: null },
          });
        }
        if (request.code !== '123456') throw new ApiError(403, 'identity_proof_invalid', { success: false, error_code: 'identity_proof_invalid' });
        return { success: true as const, access_token: 'OWNER-GUEST', token_type: 'Bearer', expires_in: 3600 };
      },
    };
  }

  beforeEach(() => {
    setCurrentMerchant('le-petit-zinc');
    setMerchantToken('le-petit-zinc', TOKEN);
  });

  test('without a code: the failure says where the code went, and no session starts', async () => {
    const sent: NoAccountRequest[] = [];
    expect(await continueAsGuest(details, noAccountApi(sent))).toEqual({
      ok: false,
      code: 'identity_proof_required',
      sentTo: { phone: '•• •• •• •• 34', email: null },
    });
    expect(sent[0]).not.toHaveProperty('code');
    expect($auth.get().status).toBe('signed-out');
  });

  test('a wrong code is identity_proof_invalid; the right one, sent with the same details, signs in for the booking', async () => {
    const sent: NoAccountRequest[] = [];
    expect(await continueAsGuest({ ...details, code: '000000' }, noAccountApi(sent))).toMatchObject({ ok: false, code: 'identity_proof_invalid' });
    expect(await continueAsGuest({ ...details, code: '123456' }, noAccountApi(sent))).toMatchObject({ ok: true });
    expect(sent.map((request) => [request.code, request.firstname, request.bookingToken])).toEqual([
      ['000000', 'Eve', TOKEN],
      ['123456', 'Eve', TOKEN],
    ]);
    expect($auth.get()).toMatchObject({ bearer: 'OWNER-GUEST', guestBooking: TOKEN });
    expect(getGuestBearer(TOKEN)).toBe('OWNER-GUEST');
  });
});
