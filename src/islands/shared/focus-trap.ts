/** Keeping keyboard focus inside a modal: what can take focus, and where Tab goes from the edges. */

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The elements inside root a Tab can reach, in document order (hidden ones left out). */
export function focusableIn(root: ParentNode): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    // tabIndex -1 (roving focus in a grid, for one) is reachable by script only, not by Tab.
    (element) => element.tabIndex >= 0 && !element.closest('[inert]') && element.getClientRects().length > 0,
  );
}

/**
 * Where focus must go instead of the browser's default on Tab (shift: Shift+Tab): wrapping from the last
 * element to the first and back, or into the list when focus is outside it; null lets the browser move it.
 */
export function nextTrapTarget<T>(focusable: readonly T[], active: unknown, shift: boolean): T | null {
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (first === undefined || last === undefined) return null;
  const index = focusable.indexOf(active as T);
  if (index === -1) return shift ? last : first;
  if (shift && index === 0) return last;
  if (!shift && index === focusable.length - 1) return first;
  return null;
}
