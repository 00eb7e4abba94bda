/** The close buttons' "go back" (spec section 2): the previous page of this site, else a sensible page. */
import { bookingHomePath, NOT_FOUND_PATH } from './routes.ts';
import { getCurrentMerchant } from '../platform/storage.ts';

/** The parts of window going back needs. */
export interface BackWindow {
  history: { length: number; back(): void };
  location: { origin: string; assign(url: string): void };
  document: { referrer: string };
}

/** Whether the previous page is one of this site's (history.back() would then stay on the site). */
export function cameFromThisSite(win: Pick<BackWindow, 'history' | 'location' | 'document'>): boolean {
  if (win.history.length <= 1 || !win.document.referrer) return false;
  try {
    return new URL(win.document.referrer).origin === win.location.origin;
  } catch {
    return false;
  }
}

/** Goes back when the diner came from this site, else to `fallback`. */
export function goBack(fallback: string, win: BackWindow = globalThis as unknown as BackWindow): void {
  if (cameFromThisSite(win)) win.history.back();
  else win.location.assign(fallback);
}

/** The booking home of the stored current merchant, else the site root: where closing the first sign-in screen leads. */
export function storedHomePath(): string {
  const merchant = getCurrentMerchant();
  return merchant ? bookingHomePath(merchant) : NOT_FOUND_PATH;
}
