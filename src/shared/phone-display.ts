/**
 * Phone numbers written for reading, by country (libphonenumber-js and its metadata: keep it off the booking home's
 * islands, whose static parts format at build time). A merchant's phone is written as its own country writes it; a
 * diner's as the merchant's country would dial it: national when it shares the merchant's country code, else international.
 */
import { getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import { BoundedMemo } from './bounded-memo.ts';
import { countryUses12h } from './hour-cycle.ts';

// A build writes each merchant's phone several times on each of its pages: parsed once. Bounded, a long-lived page keeps little.
const MEMO_SIZE = 64;
const countries = new BoundedMemo<CountryCode | null>(MEMO_SIZE);
const merchantPhones = new BoundedMemo<string>(MEMO_SIZE);

/** The country of an international number (+…): its own country code, else null (national text, unknown code). */
export function phoneCountry(phone: string): CountryCode | null {
  return countries.get(phone, () => parsePhoneNumberFromString(phone.trim())?.country ?? null);
}

/** `phone` as dialled from `home`: national format when the number shares home's country code, else international; unreadable text as given. */
export function displayPhoneFrom(phone: string, home: string | null): string {
  const country = home && isSupportedCountry(home.toUpperCase()) ? (home.toUpperCase() as CountryCode) : undefined;
  // A national text ("01 42 …") can only be read in the home country.
  const parsed = parsePhoneNumberFromString(phone.trim(), country);
  if (!parsed) return phone.trim();
  // The calling code, not the country: +1 numbers dial alike from the US and Canada.
  const national = country !== undefined && parsed.countryCallingCode === getCountryCallingCode(country);
  return national ? parsed.formatNational() : parsed.formatInternational();
}

/** The merchant's phone as its own country writes it (national format); the tel: link keeps the + form. */
export function displayMerchantPhone(phone: string): string {
  return merchantPhones.get(phone, () => displayPhoneFrom(phone, phoneCountry(phone)));
}

/** A diner's phone seen by the merchant at `merchantPhone`: national in the merchant's country, international otherwise. */
export function displayDinerPhone(phone: string, merchantPhone: string | null | undefined): string {
  return displayPhoneFrom(phone, merchantPhone ? phoneCountry(merchantPhone) : null);
}

/** Whether the merchant's country, read from its phone at build time, writes 12-hour times (the islands load no phone metadata to ask). */
export function merchantUses12h(merchant: { phone: string }): boolean {
  return countryUses12h(phoneCountry(merchant.phone));
}
