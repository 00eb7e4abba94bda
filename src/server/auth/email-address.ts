/** Email addresses as the forms accept them: one pattern, stored lower-cased. */

/** Longest accepted address (RFC 5321's path limit). */
export const MAX_EMAIL_LENGTH = 254;

// The browser's pattern (spec section 5): something@something.tld, no spaces, one @.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** The normalised form of an address (trimmed, lower-cased), or undefined if it does not look like one. */
export function normalEmail(input: string): string | undefined {
  const email = input.trim().toLowerCase();
  if (email.length > MAX_EMAIL_LENGTH || !EMAIL.test(email)) return undefined;
  return email;
}
