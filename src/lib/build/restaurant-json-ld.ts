/** The schema.org Restaurant of a merchant's static page, as JSON-LD search engines read (built in Node, at build time). */
import { postalAddressJsonLd } from '../../shared/postal-address-json-ld.ts';
import type { MerchantListing } from '../../shared/api/merchant-listing.ts';
import { safeImageSrc, safeLinkUrl } from '../../shared/safe-url.ts';
import { weeklyHours } from './weekly-hours.ts';
import { merchantTextIn } from '../../shared/merchant-text.ts';
import { DEFAULT_LANG } from '../../shared/langs.ts';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/**
 * The Restaurant object of a merchant: name, postal address (country from the definition, else from the phone; region
 * when given), telephone, opening hours from its shifts (from the first to the last seating of each service), and
 * whether it takes bookings: its booking page's address (`pageUrl`) when it does. Merchant text goes in as data only;
 * jsonForScript writes it safely into the page.
 */
export function restaurantJsonLd(merchant: MerchantListing, pageUrl: string): Record<string, unknown> {
  const image = [merchant.banner?.path, merchant.logo?.path].map(safeImageSrc).find((src) => src !== null);
  const website = safeLinkUrl(merchant.url);
  const hours = weeklyHours(merchant.shifts).flatMap(({ day, ranges }) =>
    ranges.map(({ start, end }) => ({ '@type': 'OpeningHoursSpecification', dayOfWeek: `https://schema.org/${WEEKDAYS[day - 1]}`, opens: start, closes: end })),
  );
  // The page is French until the diner's language applies: the French text, else the first listed.
  const description = merchantTextIn(merchant.description, DEFAULT_LANG);
  return {
    '@context': 'https://schema.org',
    '@type': 'Restaurant',
    name: merchant.name,
    ...(description ? { description } : {}),
    address: postalAddressJsonLd(merchant.address, merchant.phone),
    telephone: merchant.phone,
    ...(website ? { sameAs: website } : {}),
    ...(image ? { image: URL.canParse(pageUrl) ? new URL(image, pageUrl).href : image } : {}),
    url: pageUrl,
    openingHoursSpecification: hours,
    acceptsReservations: merchant.bookingEnabled ? pageUrl : false,
  };
}
