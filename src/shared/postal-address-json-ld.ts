/** A merchant's address as schema.org's PostalAddress: the merchant page's Restaurant and the mails' reservation share it. */
import { merchantCountry } from './merchant-country.ts';

/** The address fields of a merchant's definition. */
export interface MerchantAddress {
  address: string;
  address2: string;
  zip: string;
  city: string;
  region?: string;
  country?: string;
}

/** The PostalAddress of a merchant: street lines joined, region when given, country given or else the phone's. */
export function postalAddressJsonLd(merchantAddress: MerchantAddress, phone: string): Record<string, string> {
  const { address, address2, zip, city, region } = merchantAddress;
  const country = merchantCountry(merchantAddress, phone);
  return {
    '@type': 'PostalAddress',
    streetAddress: [address, address2].filter((part) => part.trim() !== '').join(', '),
    postalCode: zip,
    addressLocality: city,
    ...(region?.trim() ? { addressRegion: region.trim() } : {}),
    ...(country ? { addressCountry: country } : {}),
  };
}
