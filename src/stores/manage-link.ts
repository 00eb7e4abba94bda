/** The manage link's exchange: the key in the diner's link becomes that booking's own session before anything needs a bearer. */
import type { Lang } from '../i18n/t.ts';
import { accountApi, type AccountApi } from '../lib/api/account-api.ts';
import { failureCodeOf } from '../lib/api/api-client.ts';
import type { Outcome } from '../shared/api/outcome.ts';
import { getPendingManageKey, setGuestBearer, setPendingManageKey } from '../lib/platform/storage.ts';
import { $auth, signIn } from './auth.ts';

/** The exchange's result: the booking may be managed here now, or the code of why not (the page stays view-only). */
export type ManageLinkOutcome = Outcome;

/**
 * Trades the manage key for a session scoped to this booking (api/front/user/booking_session) and keeps it as the
 * booking's guest bearer (guest_bearer_{token}), taken up at once unless an account is signed in here (never replaced).
 * While it runs the key is kept in this tab's session storage, so a page the diner opens before it ends (an Edit tapped
 * at once) can trade it itself (finishPendingManageLink); it goes when the exchange ends, unless for want of a network.
 */
export async function openManageLink(
  bookingToken: string,
  manageKey: string,
  lang?: Lang,
  api: Pick<AccountApi, 'bookingSession'> = accountApi,
): Promise<ManageLinkOutcome> {
  setPendingManageKey(bookingToken, manageKey);
  try {
    const answer = await api.bookingSession({ bookingToken, manageKey, ...(lang ? { lang } : {}) });
    setGuestBearer(bookingToken, answer.access_token);
    // A guest session (of this booking, maybe expired, or of another) gives way; an account's stays signed in.
    const { bearer, guestBooking } = $auth.get();
    if (!bearer || guestBooking !== null) signIn(answer.access_token, null, bookingToken);
    setPendingManageKey(bookingToken, null);
    return { ok: true };
  } catch (error) {
    const code = failureCodeOf(error);
    if (code !== 'network_error' && code !== 'timeout') setPendingManageKey(bookingToken, null);
    return { ok: false, code };
  }
}

/**
 * On the booking home (?token=): a manage link's exchange that the page left before it ended (the diner tapped Edit at
 * once) is done here first, so the booking opens with its session instead of being sent back as someone else's.
 * Resolves at once when nothing is pending.
 */
export async function finishPendingManageLink(
  bookingToken: string | null,
  lang?: Lang,
  api: Pick<AccountApi, 'bookingSession'> = accountApi,
): Promise<ManageLinkOutcome | null> {
  const key = bookingToken ? getPendingManageKey(bookingToken) : null;
  return bookingToken && key ? openManageLink(bookingToken, key, lang, api) : null;
}
