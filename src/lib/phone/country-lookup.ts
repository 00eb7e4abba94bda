/** The phone widget's starting country: the number's own, the default one, or the visitor's country from an IP-to-country service (spec sections 7 and 8). */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { findCountry, normalizeCountryCode, type PhoneCountry } from './countries.ts';
import { isInternationalText } from './phone-value.ts';

/** The warning logged when the lookup fails (the fallback is used). */
export const LOOKUP_FAILED = 'unable to fetch the country';

/** How long the lookup may take before the fallback is used. */
export const LOOKUP_TIMEOUT_MS = 10_000;

/** Asks the IP-to-country service (GET, no payload); its reply must start with '1' then a separator and a two-letter code ('1;FR;FRA;France'). */
export async function fetchCountryCode(url: string, fetchImpl: typeof fetch = globalThis.fetch): Promise<string> {
  const response = await fetchImpl(url, { signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS) });
  const reply = response.ok ? await response.text() : '';
  const code = reply[0] === '1' ? reply.slice(2, 4) : '';
  if (!/^[A-Za-z]{2}$/.test(code)) throw new Error(LOOKUP_FAILED);
  return code.toUpperCase();
}

/** The default country as the list spells it; a code libphonenumber-js does not know throws 'Unknown country'. */
export function resolveDefaultCountry(code: string): string {
  const known = normalizeCountryCode(code);
  if (!known) throw new Error(`Unknown country: ${code}`);
  return known;
}

/** The first preferred country, else the first listed one. */
export function fallbackCountry(preferred: readonly PhoneCountry[], listed: readonly PhoneCountry[]): PhoneCountry | undefined {
  return preferred[0] ?? listed[0];
}

/** Where the widget starts, before any lookup: the country of an international number, else the default country. */
export function startingCountry(text: string, defaultCountry: string | undefined, allowed: readonly PhoneCountry[]): PhoneCountry | undefined {
  if (isInternationalText(text)) {
    const fromNumber = findCountry(allowed, parsePhoneNumberFromString(text.trim())?.country);
    if (fromNumber) return fromNumber;
  }
  return defaultCountry ? findCountry(allowed, resolveDefaultCountry(defaultCountry)) : undefined;
}

/** What lookupCountry needs. */
export interface LookupOptions {
  url: string;
  /** The countries offered: a looked-up country outside them is not taken. */
  allowed: readonly PhoneCountry[];
  preferred: readonly PhoneCountry[];
  fetchImpl?: typeof fetch;
  warn?: (message: string) => void;
}

/** The visitor's country by IP; on any failure the warning 'unable to fetch the country' is logged and the fallback returned. */
export async function lookupCountry({ url, allowed, preferred, fetchImpl, warn = console.warn }: LookupOptions): Promise<PhoneCountry | undefined> {
  try {
    const found = findCountry(allowed, await fetchCountryCode(url, fetchImpl));
    if (found) return found;
    throw new Error(LOOKUP_FAILED);
  } catch {
    warn(LOOKUP_FAILED);
    return fallbackCountry(preferred, allowed);
  }
}
