/**
 * The manage link a diner receives (`{site}/{slug}/booking_complete/{token}#manage={key}`): the key travels only in the
 * fragment, so no server log or Referer sees it, and leaves the address bar as soon as the page has read it.
 */

/** What the diner's link asks of the page besides managing: the reminder's one-tap cancel (`&action=cancel`). */
export type ManageLinkAction = 'cancel';

/** A manage link read from the fragment: the key, and the action it asks for (null when none, or one unknown). */
export interface ManageLink {
  key: string;
  action: ManageLinkAction | null;
}

/** The manage link in a location's fragment ("#manage=KEY", optionally "&action=cancel"), else null. */
export function manageLinkOf(hash: string): ManageLink | null {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const key = fragment.get('manage');
  if (!key || !/^[A-Za-z0-9_-]{8,128}$/.test(key)) return null;
  return { key, action: fragment.get('action') === 'cancel' ? 'cancel' : null };
}

/** The manage key in a location's fragment ("#manage=KEY"), else null. */
export function manageKeyOf(hash: string): string | null {
  return manageLinkOf(hash)?.key ?? null;
}

/**
 * Takes the manage link out of the page's address (history.replaceState: no new history entry), the key and its action
 * together, and returns it, so the address a diner shares, bookmarks or copies from now on is the plain tracking link.
 */
export function takeManageLink(
  location: Pick<Location, 'hash' | 'pathname' | 'search'> = globalThis.location,
  history: Pick<History, 'replaceState' | 'state'> = globalThis.history,
): ManageLink | null {
  const link = manageLinkOf(location.hash);
  if (link !== null) history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  return link;
}

/** The plain tracking link of the page (what Share sends): never a fragment, never a query. */
export function plainTrackingUrl(location: Pick<Location, 'origin' | 'pathname'> = globalThis.location): string {
  return `${location.origin}${location.pathname}`;
}
