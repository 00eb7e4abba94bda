/** The staff pages' addresses: /pro and /pro/{merchantSlug}. */

/** The staff sign-in page. */
export const PRO_PATH = '/pro';

/** /pro/{merchantSlug}: a merchant's staff book (one shell for every merchant). */
export function proBookPath(merchantSlug: string): string {
  return `${PRO_PATH}/${encodeURIComponent(merchantSlug)}`;
}

/** The merchant a staff book's address names (/pro/{slug}), or null. */
export function proSlugOf(pathname: string): string | null {
  const match = /^\/pro\/([a-z0-9-]+)\/?$/.exec(pathname);
  return match ? match[1]! : null;
}
