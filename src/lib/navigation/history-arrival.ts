/**
 * How the diner reached this page: by the browser's Back button or not. A page of the booking flow that has nothing
 * left to do (a sign-in page once signed in, Validate of a validated booking) keeps going the way the diner was going:
 * back out of the flow when they pressed Back, forward to what comes next otherwise.
 */

/** The parts of window the answer reads (the Navigation API where the browser has it, else Navigation Timing). */
export interface ArrivalWindow {
  navigation?: { activation?: { navigationType?: string; from?: { index: number } | null; entry?: { index: number } } | null };
  performance?: { getEntriesByType?(type: string): Array<{ type?: string }> };
  history: { back(): void };
}

/** Whether this document was reached by going back in the tab's history (`restored`: shown again from the back-forward cache). */
export function cameBack(win: ArrivalWindow = globalThis as unknown as ArrivalWindow, restored = false): boolean {
  const activation = win.navigation?.activation;
  if (activation && activation.navigationType) {
    if (activation.navigationType !== 'traverse') return false;
    const from = activation.from?.index;
    const to = activation.entry?.index;
    // Forward lands here too: only a step towards older entries counts (unknown: count it, as Back is by far the usual).
    return from === undefined || to === undefined || from > to;
  }
  if (restored) return true;
  const [entry] = win.performance?.getEntriesByType?.('navigation') ?? [];
  return entry?.type === 'back_forward';
}

/**
 * Leaves a page that only leads on: back again when the diner came back to it (so Back leaves the flow rather than
 * landing on the page it leads to), else to `to` in its place.
 */
export function leadOn(to: string, restored = false, win: ArrivalWindow & { location: { replace(url: string): void } } = globalThis as never): void {
  if (cameBack(win, restored)) win.history.back();
  else win.location.replace(to);
}
