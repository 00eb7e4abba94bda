/** The staff pages' addresses: /pro, /pro/{merchantSlug}, /pro/{merchantSlug}/settings and /pro/{merchantSlug}/day-sheet. */

/** The staff sign-in page. */
export const STAFF_HOME_PATH = '/pro';

/** /pro/{merchantSlug}: a merchant's staff book (one shell for every merchant). */
export function staffBookPath(merchantSlug: string): string {
  return `${STAFF_HOME_PATH}/${encodeURIComponent(merchantSlug)}`;
}

/** The merchant a staff book's address names (/pro/{slug}), or null. */
export function staffSlugOf(pathname: string): string | null {
  const match = /^\/pro\/([a-z0-9-]+)\/?$/.exec(pathname);
  return match ? match[1]! : null;
}

/** /pro/{merchantSlug}/settings: a merchant's settings (one shell for every merchant). */
export function staffSettingsPath(merchantSlug: string): string {
  return `${staffBookPath(merchantSlug)}/settings`;
}

/** The merchant a settings page's address names (/pro/{slug}/settings), or null. */
export function settingsSlugOf(pathname: string): string | null {
  const match = /^\/pro\/([a-z0-9-]+)\/settings\/?$/.exec(pathname);
  return match ? match[1]! : null;
}

/** /pro/{merchantSlug}/day-sheet?date=YYYY-MM-DD: a day's printable sheet (one shell for every merchant); no date: today there. */
export function daySheetPath(merchantSlug: string, day?: string): string {
  return `${staffBookPath(merchantSlug)}/day-sheet${day ? `?date=${encodeURIComponent(day)}` : ''}`;
}

/** The merchant a day sheet's address names (/pro/{slug}/day-sheet), or null. */
export function daySheetSlugOf(pathname: string): string | null {
  const match = /^\/pro\/([a-z0-9-]+)\/day-sheet\/?$/.exec(pathname);
  return match ? match[1]! : null;
}

/** The sign-in page, asked to come back to `path` (a book's address with its query) once signed in. */
export function staffSignInPath(path: string): string {
  return `${STAFF_HOME_PATH}?next=${encodeURIComponent(path)}`;
}

/** Where to go after sign-in: `next` when it is the book, the settings or the day sheet of one of the staff member's merchants (never another site), else null. */
export function staffNextPath(next: string | null, merchants: ReadonlyArray<{ slug: string }>): string | null {
  if (!next) return null;
  let url: URL;
  try {
    url = new URL(next, 'https://book.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'https://book.invalid') return null;
  const slug = staffSlugOf(url.pathname) ?? settingsSlugOf(url.pathname) ?? daySheetSlugOf(url.pathname);
  return slug && merchants.some((merchant) => merchant.slug === slug) ? `${url.pathname}${url.search}` : null;
}
