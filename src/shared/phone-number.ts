/**
 * The one rule for phone numbers, in the browser's widget and on the server alike: libphonenumber-js validity (its
 * full metadata, which checks the digits themselves, not only their count) for the country selected, and the real
 * reason when a number fails.
 */
import {
  parsePhoneNumberFromString,
  parsePhoneNumberWithError,
  ParseError,
  validatePhoneNumberLength,
  type CountryCode,
  type PhoneNumber,
} from 'libphonenumber-js/max';

/** Longest text accepted (the widget's maxlength). */
export const PHONE_MAX_TEXT = 25;

/** Why a number is refused. */
export type PhoneProblem =
  /** Letters or too few digits to be a number at all. */
  | 'not_a_number'
  | 'too_short'
  | 'too_long'
  /** The dial code after "+" (or "00") is no country's. */
  | 'invalid_country'
  /** A national number with no country to read it in: it must start with + and the country code. */
  | 'needs_country'
  /** The right length, but no number of that country is written so (6 digits where mobiles start with 6 or 7, say). */
  | 'invalid_for_country';

/** What the rule makes of a text. */
export type PhoneCheck =
  | { ok: true; /** E.164. */ number: string; country: CountryCode | undefined; parsed: PhoneNumber }
  | { ok: false; problem: PhoneProblem; parsed: PhoneNumber | undefined };

const PARSE_PROBLEMS: Record<string, PhoneProblem> = {
  NOT_A_NUMBER: 'not_a_number',
  TOO_SHORT: 'too_short',
  TOO_LONG: 'too_long',
  INVALID_COUNTRY: 'invalid_country',
  INVALID_LENGTH: 'invalid_for_country',
};

/** The text with "00" read as the international prefix most of Europe dials ("0033 6…" is "+33 6…"). */
function withPlus(text: string): string {
  return text.startsWith('00') ? `+${text.slice(2)}` : text;
}

/** The country code as libphonenumber-js spells it, or undefined. */
function countryCode(country: string | null | undefined): CountryCode | undefined {
  return country ? (country.toUpperCase() as CountryCode) : undefined;
}

/**
 * Checks a phone as typed: international text (a leading + or 00) whatever the country, else national text read in
 * `country` (lower- or upper-case ISO code). Spaces, dots, dashes and brackets are ignored. An empty text is
 * `not_a_number`; callers say "required" themselves.
 */
export function checkPhone(input: string, country?: string | null): PhoneCheck {
  const text = withPlus(input.trim());
  if (text.length === 0) return { ok: false, problem: 'not_a_number', parsed: undefined };
  if (input.trim().length > PHONE_MAX_TEXT) return { ok: false, problem: 'too_long', parsed: undefined };
  const international = text.startsWith('+');
  const defaultCountry = international ? undefined : countryCode(country);
  // The lenient parse: what the widget shows (national part, E.164 so far) even for a number it refuses.
  const parsed = international || defaultCountry ? parsePhoneNumberFromString(text, defaultCountry) : undefined;
  // A valid number needs no reason: the strict parse and the length check below only name what is wrong.
  if (parsed?.isValid()) return { ok: true, number: parsed.number, country: parsed.country, parsed };
  try {
    parsePhoneNumberWithError(text, defaultCountry);
  } catch (error) {
    const problem = error instanceof ParseError ? PARSE_PROBLEMS[error.message] : undefined;
    if (problem === 'invalid_country' && !international) return { ok: false, problem: 'needs_country', parsed };
    return { ok: false, problem: problem ?? 'not_a_number', parsed };
  }
  if (!parsed) return { ok: false, problem: 'not_a_number', parsed };
  const length = validatePhoneNumberLength(text, defaultCountry);
  if (length) return { ok: false, problem: PARSE_PROBLEMS[length] ?? 'invalid_for_country', parsed };
  // The right length, parsed, and still not valid: no number of that country is written so.
  return { ok: false, problem: 'invalid_for_country', parsed };
}
