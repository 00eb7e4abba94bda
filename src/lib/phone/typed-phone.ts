/** A phone typed by the restaurant as it dials it ("06 12 34 56 78" in France): the international form the server reads. */
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import { phoneCountry } from '../../shared/phone-display.ts';

/** `typed` in E.164 when it is a valid number, national ones read in the merchant's country; otherwise as typed (the server says why). */
export function typedPhoneToInternational(typed: string, merchantPhone: string | null): string {
  const text = typed.trim();
  const country: CountryCode | undefined = (merchantPhone ? phoneCountry(merchantPhone) : null) ?? undefined;
  const parsed = parsePhoneNumberFromString(text, country);
  return parsed?.isValid() ? parsed.format('E.164') : text;
}
