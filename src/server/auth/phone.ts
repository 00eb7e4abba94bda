/** Phone numbers: only valid international numbers, kept in E.164 form. */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** Longest phone input accepted (the phone widget's maxlength). */
export const MAX_PHONE_INPUT = 25;

/** The E.164 form of a valid international number ('+33612345678'), or undefined for anything else. */
export function internationalPhone(input: string): string | undefined {
  const text = input.trim();
  if (text.length === 0 || text.length > MAX_PHONE_INPUT) return undefined;
  // "00" is the international prefix most of Europe dials; a national number without one is refused.
  const international = text.startsWith('00') ? `+${text.slice(2)}` : text;
  if (!international.startsWith('+')) return undefined;
  const parsed = parsePhoneNumberFromString(international);
  return parsed?.isValid() ? parsed.number : undefined;
}
