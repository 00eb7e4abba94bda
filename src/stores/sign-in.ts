/**
 * $loginMethods and the sign-in actions of spec sections 2, 4 and 8 (password, registration, guest details, social
 * sign-in): they change $auth (auth.ts) and say where to go next. Only the sign-in pages need them, so the booking
 * home, which reads the session, does not download them.
 */
import { map } from 'nanostores';
import { accountApi, randomUserToken, socialLoginUrl, type AccountApi, type SocialProvider } from '../lib/api/account-api.ts';
import { failureCodeOf, isApiError } from '../lib/api/api-client.ts';
import type { Failure } from '../shared/api/outcome.ts';
import type { IdentityProofSentTo, LoginMethods, UserDetails } from '../shared/api/account.ts';
import { signedInTarget, storedGuardState } from '../lib/navigation/guard.ts';
import {
  getCurrentMerchant,
  getMerchantToken,
  getReturnPath,
  getUserToken,
  setGuestBearer,
  setGuestDetails,
  setReturnPath,
  setUserToken,
} from '../lib/platform/storage.ts';
import { signIn, signOut } from './auth.ts';

/** Which sign-in methods are enabled, and whether they are still loading (social buttons wait for it). */
export interface LoginMethodsState extends LoginMethods {
  loading: boolean;
}

/** Before the server answers: apple on, facebook and google off (sections 3 and 9). */
export const DEFAULT_LOGIN_METHODS: LoginMethods = { facebook: false, google: false, apple: true };

/** The enabled sign-in methods. */
export const $loginMethods = map<LoginMethodsState>({ ...DEFAULT_LOGIN_METHODS, loading: false });

/**
 * An action's result: where to go next, or the failure's code and per-field messages (and, when the booking's diner must
 * prove it is them, where the code was sent).
 */
export type AuthOutcome = { ok: true; to: string } | AuthFailure;

/** A refused sign-in: the Outcome's Failure, with the server's per-field messages and, for a guest's proof, where the code went. */
export type AuthFailure = Failure & { errors?: Record<string, string[]>; sentTo?: IdentityProofSentTo };

function sentToOf(body: unknown): IdentityProofSentTo | undefined {
  const sentTo = (body as { sent_to?: { phone?: unknown; email?: unknown } } | null)?.sent_to;
  if (!sentTo || typeof sentTo.phone !== 'string') return undefined;
  return { phone: sentTo.phone, email: typeof sentTo.email === 'string' && sentTo.email ? sentTo.email : null };
}

function failure(error: unknown): AuthOutcome {
  if (!isApiError(error)) return { ok: false, code: 'network_error' };
  const errors = (error.body as { errors?: unknown } | null)?.errors;
  const sentTo = sentToOf(error.body);
  return {
    ok: false,
    code: failureCodeOf(error),
    ...(errors && typeof errors === 'object' ? { errors: errors as Record<string, string[]> } : {}),
    ...(sentTo ? { sentTo } : {}),
  };
}

/**
 * Where a diner goes once signed in: back to the page they left by clicking "Sign in" (taken once), else Validate of the
 * stored merchant and its token (section 2), else that merchant's home, else the account page.
 */
export function afterSignInTarget(): string {
  const back = getReturnPath();
  if (back) {
    setReturnPath(null);
    return back;
  }
  return signedInTarget(storedGuardState());
}

/** Loads the enabled sign-in methods; on failure the defaults stay. */
export async function loadLoginMethods(api: Pick<AccountApi, 'getLoginMethods'> = accountApi): Promise<void> {
  $loginMethods.setKey('loading', true);
  try {
    const { methods } = await api.getLoginMethods();
    $loginMethods.set({ ...DEFAULT_LOGIN_METHODS, ...methods, loading: false });
  } catch {
    $loginMethods.setKey('loading', false);
  }
}

/** Platform login (/oauth/token password grant); a failure signs out (unauthenticated: wrong password or unknown account). */
export async function loginWithPassword(email: string, password: string, api: Pick<AccountApi, 'passwordLogin'> = accountApi): Promise<AuthOutcome> {
  try {
    const tokens = await api.passwordLogin(email.trim(), password);
    signIn(tokens.access_token, tokens.refresh_token ?? null);
    return { ok: true, to: afterSignInTarget() };
  } catch (error) {
    signOut();
    return failure(error);
  }
}

/** Platform registration; failures carry per-field messages. */
export async function registerAccount(details: UserDetails & { password: string }, api: Pick<AccountApi, 'register'> = accountApi): Promise<AuthOutcome> {
  try {
    const answer = await api.register(details);
    signIn(answer.access_token, answer.refresh_token ?? null);
    return { ok: true, to: afterSignInTarget() };
  } catch (error) {
    return failure(error);
  }
}

/**
 * Guest contact details (NoAuth): a session tied to the booking stored for the current merchant. A booking that already
 * has a guest answers identity_proof_required (sentTo says where the code went): the same details go again with `code`.
 */
export async function continueAsGuest(
  details: Omit<UserDetails, 'email'> & { email?: string; code?: string },
  api: Pick<AccountApi, 'noAccount'> = accountApi,
): Promise<AuthOutcome> {
  const merchant = getCurrentMerchant();
  const bookingToken = merchant ? getMerchantToken(merchant) : null;
  if (!bookingToken) return { ok: false, code: 'booking_not_found' };
  try {
    const { code, ...contact } = details;
    const answer = await api.noAccount({ ...contact, email: details.email ?? '', bookingToken, ...(code ? { code } : {}) });
    // The guest session belongs to this booking alone; the details prefill the next booking's NoAuth.
    signIn(answer.access_token, answer.refresh_token ?? null, bookingToken);
    setGuestBearer(bookingToken, answer.access_token);
    setGuestDetails({ firstname: details.firstname, lastname: details.lastname, phone: details.phone, email: details.email ?? '' });
    return { ok: true, to: afterSignInTarget() };
  } catch (error) {
    return failure(error);
  }
}

/** The login host's address for a social sign-in; stores a fresh userToken and comes back to `returnPath` with authed=true. */
export function startSocialLogin(provider: SocialProvider, returnPath: string): string {
  const userToken = randomUserToken();
  setUserToken(userToken);
  const [path = '/', query = ''] = returnPath.split('?');
  const params = new URLSearchParams(query);
  params.set('authed', 'true');
  return socialLoginUrl(provider, `${path}?${params.toString()}`, userToken);
}

/** After a social sign-in came back (authed=true): trades the stored userToken for a bearer with authCheck. */
export async function finishSocialLogin(api: Pick<AccountApi, 'authCheck'> = accountApi): Promise<AuthOutcome> {
  const userToken = getUserToken();
  if (!userToken) return { ok: false, code: 'unauthenticated' };
  try {
    const { bearer, refresh_token: refreshToken } = await api.authCheck(userToken);
    setUserToken(null);
    signIn(bearer, refreshToken ?? null);
    return { ok: true, to: afterSignInTarget() };
  } catch (error) {
    return failure(error);
  }
}
