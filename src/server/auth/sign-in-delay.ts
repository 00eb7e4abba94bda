/** How long a sign-in waits once its email has failed often: it slows guessing and never locks the owner out. */

/** The longest wait: well inside the site's 10 s timeout. */
export const MAX_SIGN_IN_DELAY_MS = 5_000;

/** The wait before checking a password, given the email's recent failures and the count at which slowing starts. */
export function signInDelayMs(failures: number, slowAfter: number): number {
  if (failures < slowAfter) return 0;
  return Math.min(MAX_SIGN_IN_DELAY_MS, 1_000 * (failures - slowAfter + 1));
}
