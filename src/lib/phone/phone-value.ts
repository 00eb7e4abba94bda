/** What the phone widget makes of the typed text (spec sections 3, 5 and 9): validity, the number's country, its formatted form and parser errors. */
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import { checkPhone, type PhoneProblem } from '../../shared/phone-number.ts';
import type { PhoneCountry } from './countries.ts';

/** The input's maxlength. */
export const PHONE_INPUT_MAX_LENGTH = 25;
/** Longest text handed to the parser. */
export const PHONE_PARSE_MAX_LENGTH = 250;
/** The widget's default country. */
export const DEFAULT_PHONE_COUNTRY = 'fr';
/** The default placeholder (French; forms pass the diner's language). */
export const PHONE_PLACEHOLDER = 'Entrez votre numéro de téléphone';
/** Text placed before an extension when formatting. */
export const DEFAULT_EXTENSION_TEXT = ' ext. ';

/** How numbers are written: auto is international when the text starts with a plus sign, else national. */
export type PhoneMode = 'auto' | 'national' | 'international';
/** Why the text is not a valid number: the rule the server applies too (src/shared/phone-number.ts). */
export type PhoneParseError = PhoneProblem;

/** The widget's value (spec section 3) plus the E.164 number and the parser's complaint. */
export interface PhoneValue {
  /** The country selected in the dropdown. */
  country: PhoneCountry | null;
  /** The country the number belongs to (undefined when unknown or outside the allowed list). */
  countryCode: CountryCode | undefined;
  /** The number in the mode's format when valid, else the text as typed. */
  formatted: string;
  valid: boolean;
  possible: boolean;
  nationalNumber: string | undefined;
  /** E.164 ('+33612345678') when the text parses. */
  number: string | undefined;
  error: PhoneParseError | null;
}

/** Whether the text is written internationally (a leading plus sign). */
export function isInternationalText(text: string): boolean {
  return text.trimStart().startsWith('+');
}

/** The mode as given, or international (with an error logged) when it is none of auto, national, international. */
export function normalizeMode(mode: string, logError: (message: string) => void = console.error): PhoneMode {
  if (mode === 'auto' || mode === 'national' || mode === 'international') return mode;
  logError(`Invalid value of prop "mode": ${JSON.stringify(mode)}; using "international"`);
  return 'international';
}

/** The format to write numbers in; an unknown mode is logged as an error and international is used. */
export function resolveMode(mode: string, text: string, logError: (message: string) => void = console.error): 'national' | 'international' {
  const known = normalizeMode(mode, logError);
  if (known === 'auto') return isInternationalText(text) ? 'international' : 'national';
  return known;
}

/** Why the text is refused for a selected country (the server's rule), or null (empty text, or a valid number). */
export function phoneParseError(text: string, country: string | null | undefined): PhoneParseError | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const check = checkPhone(trimmed, country);
  return check.ok ? null : check.problem;
}

/** What the widget needs to judge the text. */
export interface PhoneValueOptions {
  mode?: PhoneMode | string;
  /** The countries the widget offers: a number of any other country is invalid. */
  allowed?: readonly PhoneCountry[];
  logError?: (message: string) => void;
}

/** The widget's value for the typed text and the selected country (a leading plus sign or 00 ignores the selection). */
export function phoneValue(text: string, country: PhoneCountry | null, options: PhoneValueOptions = {}): PhoneValue {
  const { mode = 'international', allowed, logError } = options;
  const trimmed = text.trim();
  const check = trimmed ? checkPhone(trimmed, country?.iso2) : undefined;
  const error = check && !check.ok ? check.problem : null;
  const parsed = check?.parsed;
  let valid = check?.ok ?? false;
  let countryCode = parsed?.country;
  if (countryCode && allowed && !allowed.some((entry) => entry.iso2 === countryCode)) {
    valid = false;
    countryCode = undefined;
  }
  const format = resolveMode(mode, trimmed, logError);
  return {
    country,
    countryCode,
    formatted:
      valid && parsed
        ? parsed.format(format === 'international' ? 'INTERNATIONAL' : 'NATIONAL', {
            formatExtension: (number, extension) => `${number}${DEFAULT_EXTENSION_TEXT}${extension}`,
          })
        : text,
    valid,
    possible: parsed?.isPossible() ?? false,
    nationalNumber: parsed?.nationalNumber,
    number: parsed?.number,
    error,
  };
}

/** The text once another country is picked: an international number keeps its national part behind the new dial code. */
export function textForCountry(text: string, previous: PhoneValue, next: PhoneCountry): string {
  if (!isInternationalText(text)) return text;
  if (!previous.nationalNumber) return `+${next.dialCode}`;
  const renumbered = parsePhoneNumberFromString(previous.nationalNumber, next.iso2);
  return renumbered ? renumbered.formatInternational() : `+${next.dialCode} ${previous.nationalNumber}`;
}
