/** A merchant's country: the one its definition gives, else its phone number's. */
import { parsePhoneNumberFromString } from 'libphonenumber-js';

// Each message of a booking asks its merchant's country: a phone is parsed once. Bounded: a phone is text from outside.
const PHONE_COUNTRIES_MAX = 1_000;
const phoneCountries = new Map<string, string | null>();

/** ISO 3166-1 alpha-2 country of a merchant: `address.country`, else the country of its international phone; undefined when neither says. */
export function merchantCountry(address: { country?: string }, phone: string): string | undefined {
  const given = address.country?.trim().toUpperCase();
  if (given && /^[A-Z]{2}$/.test(given)) return given;
  let country = phoneCountries.get(phone);
  if (country === undefined) {
    country = parsePhoneNumberFromString(phone)?.country ?? null;
    if (phoneCountries.size >= PHONE_COUNTRIES_MAX) phoneCountries.clear();
    phoneCountries.set(phone, country);
  }
  return country ?? undefined;
}
