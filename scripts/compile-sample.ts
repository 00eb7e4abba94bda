/**
 * The two merchants Astro renders when it compiles the site (scripts/build-site.ts): one of each kind of merchant page
 * (booking on, booking off), so its integrations see every script a merchant page uses. Made up, not taken from the
 * provider's list, so the compile depends on the sources and build settings alone and is kept between builds
 * (scripts/site-compile-cache.ts); their pages are removed before the real merchants' are rendered.
 */
import type { MerchantListing } from '../src/shared/api/merchant-listing.ts';

const lunchAndDinner = [
  { id: 'lunch', start: '12:00', end: '13:30' },
  { id: 'dinner', start: '19:00', end: '21:30' },
];

const bookable: MerchantListing = {
  slug: 'couvert-compile-sample-on',
  name: 'Sample',
  timezone: 'Europe/Paris',
  address: { address: '1 rue de l’Exemple', address2: '', zip: '75001', city: 'Paris', country: 'FR' },
  phone: '+33100000000',
  url: 'https://example.org/',
  description: 'Sample.',
  bookingDescription: 'Sample.',
  logo: null,
  banner: null,
  theme: { primary: '#1f4e79', background: '#ffffff' },
  bookingEnabled: true,
  settings: { minClientsPerBookings: 1, maxClientsPerBookings: 8, keepTableDuration: 90, showZone: true, bookingHorizonDays: 60 },
  shifts: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, slots: lunchAndDinner })),
  closedDays: [],
  zones: [{ id: 'room', name: 'Salle', image: null }],
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** The sample merchants, booking on then booking off. */
export const COMPILE_SAMPLE: readonly MerchantListing[] = [bookable, { ...bookable, slug: 'couvert-compile-sample-off', bookingEnabled: false }];
