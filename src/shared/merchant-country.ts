/** A merchant's country: the one its definition gives, else its phone number's. */
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { BoundedMemo } from './bounded-memo.ts';

// Each message of a booking asks its merchant's country: a phone is parsed once.
const phoneCountries = new BoundedMemo<string | null>(1_000);

/** ISO 3166-1 alpha-2 country of a merchant: `address.country`, else the country of its international phone; undefined when neither says. */
export function merchantCountry(address: { country?: string }, phone: string): string | undefined {
  const given = address.country?.trim().toUpperCase();
  if (given && /^[A-Z]{2}$/.test(given)) return given;
  return phoneCountries.get(phone, () => parsePhoneNumberFromString(phone)?.country ?? null) ?? undefined;
}
