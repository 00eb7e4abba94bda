/**
 * The manage link a diner receives (`{site}/{slug}/booking_complete/{token}#manage={key}`): the key travels only in the
 * fragment, so no server log or Referer sees it, and leaves the address bar as soon as the page has read it.
 */

/** The manage key in a location's fragment ("#manage=KEY"), else null. */
export function manageKeyOf(hash: string): string | null {
  const key = new URLSearchParams(hash.replace(/^#/, '')).get('manage');
  return key && /^[A-Za-z0-9_-]{8,128}$/.test(key) ? key : null;
}

/**
 * Takes the manage key out of the page's address (history.replaceState: no new history entry) and returns it, so the
 * address a diner shares, bookmarks or copies from now on is the plain tracking link.
 */
export function takeManageKey(
  location: Pick<Location, 'hash' | 'pathname' | 'search'> = globalThis.location,
  history: Pick<History, 'replaceState' | 'state'> = globalThis.history,
): string | null {
  const key = manageKeyOf(location.hash);
  if (key !== null) history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  return key;
}

/** The plain tracking link of the page (what Share sends): never a fragment, never a query. */
export function plainTrackingUrl(location: Pick<Location, 'origin' | 'pathname'> = globalThis.location): string {
  return `${location.origin}${location.pathname}`;
}
