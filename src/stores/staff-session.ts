/** $staffSession: the signed-in staff member (their own bearer, apart from the diner's session) and the actions of staff sign-in. */
import { map } from 'nanostores';
import { failureCodeOf, isApiError } from '../lib/api/api-client.ts';
import type { Outcome } from '../shared/api/outcome.ts';
import { staffApi, type StaffApi } from '../lib/api/staff-api.ts';
import { getStaffBearer, getStaffMerchants, setStaffBearer, setStaffMerchants } from '../lib/staff/staff-storage.ts';
import type { StaffMerchantSummary } from '../shared/api/staff.ts';

/** The staff session as the staff pages see it. */
export interface StaffSessionState {
  bearer: string | null;
  merchants: StaffMerchantSummary[];
}

/** An action's result (the browser's one Outcome): done, or the failure's code with the field it is about and, when limited, the seconds to wait. */
export type StaffOutcome = Outcome;

function stored(): StaffSessionState {
  const bearer = getStaffBearer();
  return { bearer, merchants: bearer ? getStaffMerchants() : [] };
}

/** The staff session. */
export const $staffSession = map<StaffSessionState>(stored());

/** The failure of a staff call as the forms show it. */
export function staffFailure(error: unknown): Extract<StaffOutcome, { ok: false }> {
  if (!isApiError(error)) return { ok: false, code: failureCodeOf(error) };
  const body = error.body as { errors?: Record<string, unknown>; retry_after?: unknown } | null;
  const [field, reasons] = Object.entries(body?.errors ?? {})[0] ?? [];
  const reason = Array.isArray(reasons) && typeof reasons[0] === 'string' ? reasons[0] : undefined;
  const retryAfter = typeof body?.retry_after === 'number' ? body.retry_after : undefined;
  return { ok: false, code: failureCodeOf(error), ...(field ? { field } : {}), ...(reason ? { reason } : {}), ...(retryAfter ? { retryAfter } : {}) };
}

/** Whether a staff member is signed in on this browser. */
export function isStaff(): boolean {
  return $staffSession.get().bearer !== null;
}

/** Signs a staff member in; the merchants they act for come with it (the page then lets them pick one). */
export async function staffSignIn(email: string, password: string, api: Pick<StaffApi, 'login'> = staffApi): Promise<StaffOutcome> {
  try {
    const answer = await api.login(email.trim(), password);
    $staffSession.set({ bearer: answer.access_token, merchants: answer.merchants });
    return { ok: true };
  } catch (error) {
    return staffFailure(error);
  }
}

/** Asks for a password reset link by mail (it opens the reset page, which then sends the browser back to /pro). */
export async function staffForgotPassword(email: string, lang: string, api: Pick<StaffApi, 'forgot'> = staffApi): Promise<StaffOutcome> {
  try {
    await api.forgot(email.trim(), lang);
    return { ok: true };
  } catch (error) {
    return staffFailure(error);
  }
}

/** Forgets the staff session here (the diner's session, if any, stays as it is). */
export function forgetStaff(): void {
  $staffSession.set({ bearer: null, merchants: [] });
}

/** Signs out: the server revokes the bearer (a failure to reach it still signs out here). */
export async function staffSignOut(api: Pick<StaffApi, 'logout'> = staffApi): Promise<void> {
  if ($staffSession.get().bearer) await api.logout().catch(() => undefined);
  forgetStaff();
}

/** Changes the signed-in staff member's own password; their other sessions end. */
export async function changeStaff(current: string, next: string, api: Pick<StaffApi, 'changePassword'> = staffApi): Promise<StaffOutcome> {
  try {
    await api.changePassword(current, next);
    return { ok: true };
  } catch (error) {
    const failure = staffFailure(error);
    if (failure.code === 'unauthenticated') forgetStaff();
    return failure;
  }
}

$staffSession.listen((state) => {
  setStaffBearer(state.bearer);
  setStaffMerchants(state.bearer ? state.merchants : null);
});
