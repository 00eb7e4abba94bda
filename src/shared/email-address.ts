/** The email pattern of spec section 5, once: the browser's forms and the server's accounts accept the same addresses. */

/** Longest accepted address (RFC 5321's path limit). */
export const MAX_EMAIL_LENGTH = 254;

/** Something@something.tld: one @, no spaces, a dot-separated domain. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** Whether a text looks like an email address (surrounding spaces ignored). */
export function isEmail(text: string): boolean {
  return EMAIL_PATTERN.test(text.trim());
}
