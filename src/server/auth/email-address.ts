/** Email addresses as the forms accept them: the shared pattern, stored lower-cased. */
import { EMAIL_PATTERN, MAX_EMAIL_LENGTH } from '../../shared/email-address.ts';

/** The normalised form of an address (trimmed, lower-cased), or undefined if it does not look like one. */
export function normalEmail(input: string): string | undefined {
  const email = input.trim().toLowerCase();
  if (email.length > MAX_EMAIL_LENGTH || !EMAIL_PATTERN.test(email)) return undefined;
  return email;
}
