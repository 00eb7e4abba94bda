/** $user: the signed-in diner's contact details, loaded and saved by Onboarding (spec sections 2 and 7). */
import { atom } from 'nanostores';
import { accountApi, type AccountApi } from '../lib/api/account-api.ts';
import { failureCodeOf, isApiError } from '../lib/api/api-client.ts';
import type { FailureCode } from '../shared/api/outcome.ts';
import type { User, UserDetails } from '../shared/api/account.ts';
import { handleUnauthorized } from './auth.ts';
import { afterSignInTarget, type AuthOutcome } from './sign-in.ts';

/** The signed-in diner, with a loading flag and the code of a failed load. */
export interface UserState {
  loading: boolean;
  user: User | null;
  error: FailureCode | null;
}

/** The signed-in diner. */
export const $user = atom<UserState>({ loading: false, user: null, error: null });

/** Whether the diner may change the email on Onboarding: anonymous diners (guests) only, or an account that has none. */
export function canEditEmail(user: Pick<User, 'anonymous' | 'email'>): boolean {
  return user.anonymous || !user.email;
}

/** The email Onboarding shows: a guest's anonymousEmail, an account's email. */
export function shownEmail(user: Pick<User, 'anonymous' | 'email' | 'anonymousEmail'>): string {
  return (user.anonymous ? user.anonymousEmail : user.email) ?? '';
}

/** Loads the signed-in diner (api/booking/user/get); a 401 clears the session and says where to go (NoAuth). */
export async function loadUser(api: Pick<AccountApi, 'getUser'> = accountApi): Promise<{ ok: true } | { ok: false; to: string | null }> {
  $user.set({ loading: true, user: $user.get().user, error: null });
  try {
    const { user } = await api.getUser();
    $user.set({ loading: false, user, error: null });
    return { ok: true };
  } catch (error) {
    $user.set({ loading: false, user: null, error: failureCodeOf(error) });
    return { ok: false, to: isApiError(error) && error.status === 401 ? handleUnauthorized() : null };
  }
}

/** Saves the contact details (api/front/user/update), then Validate of the stored merchant; failures carry per-field messages. */
export async function saveUserDetails(details: UserDetails, api: Pick<AccountApi, 'updateUser'> = accountApi): Promise<AuthOutcome> {
  try {
    const { user } = await api.updateUser(details);
    $user.set({ loading: false, user, error: null });
    return { ok: true, to: afterSignInTarget() };
  } catch (error) {
    if (!isApiError(error)) return { ok: false, code: 'network_error' };
    if (error.status === 401) return { ok: true, to: handleUnauthorized() };
    const errors = (error.body as { errors?: unknown } | null)?.errors;
    return errors && typeof errors === 'object' ? { ok: false, code: error.code, errors: errors as Record<string, string[]> } : { ok: false, code: error.code };
  }
}
