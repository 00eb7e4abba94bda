/** The manage link's exchange (issue 10): the key in the diner's link becomes that booking's own session before anything needs a bearer. */
import type { Lang } from '../i18n/t.ts';
import { accountApi, type AccountApi } from '../lib/api/account-api.ts';
import { isApiError } from '../lib/api/api-client.ts';
import { setGuestBearer } from '../lib/storage.ts';
import { $auth, signIn } from './auth.ts';

/** The exchange's result: the booking may be managed here now, or the code of why not (the page stays view-only). */
export type ManageLinkOutcome = { ok: true } | { ok: false; code: string };

/**
 * Trades the manage key for a session scoped to this booking (api/front/user/booking_session) and keeps it as the
 * booking's guest bearer (guest_bearer_{token}), taken up at once unless an account is signed in here (never replaced).
 */
export async function openManageLink(
  bookingToken: string,
  manageKey: string,
  lang?: Lang,
  api: Pick<AccountApi, 'bookingSession'> = accountApi,
): Promise<ManageLinkOutcome> {
  try {
    const answer = await api.bookingSession({ bookingToken, manageKey, ...(lang ? { lang } : {}) });
    setGuestBearer(bookingToken, answer.access_token);
    // A guest session (of this booking, maybe expired, or of another) gives way; an account's stays signed in.
    const { bearer, guestBooking } = $auth.get();
    if (!bearer || guestBooking !== null) signIn(answer.access_token, null, bookingToken);
    return { ok: true };
  } catch (error) {
    return { ok: false, code: isApiError(error) ? error.code : 'network_error' };
  }
}
