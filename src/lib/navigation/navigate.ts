/** Leaves the page for another route: the one place islands change the browser's address. */

/** The part of window.location navigation needs. */
export interface Navigator {
  assign(url: string): void;
  replace(url: string): void;
}

/** Goes to `to` (a path or URL) with location.assign, so Back returns here. */
export function navigate(to: string, location: Pick<Navigator, 'assign'> = globalThis.location): void {
  location.assign(to);
}

/** Goes to `to` in place of this page (location.replace): Back skips this page, which only led on. */
export function navigateReplacing(to: string, location: Pick<Navigator, 'replace'> = globalThis.location): void {
  location.replace(to);
}
