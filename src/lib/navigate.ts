/** Leaves the page for another route: the one place islands change the browser's address. */

/** The part of window.location navigation needs. */
export interface Navigator {
  assign(url: string): void;
}

/** Goes to `to` (a path or URL) with location.assign, so Back returns here. */
export function navigate(to: string, location: Navigator = globalThis.location): void {
  location.assign(to);
}
