/** The schema.org FoodEstablishmentReservation of a booking, as JSON-LD for the diner's mails (Gmail and others show it). */
import { postalAddressJsonLd } from '../../../shared/postal-address-json-ld.ts';
import { isoWithOffset } from './message-dates.ts';
import type { MessageBooking, MessageLinks, MessageMerchant } from './message-input.ts';

/** The reservation's status as schema.org names it. */
export type ReservationStatus = 'ReservationPending' | 'ReservationConfirmed' | 'ReservationCancelled';

/** The JSON-LD object of a booking. */
export function reservationJsonLd(booking: MessageBooking, merchant: MessageMerchant, links: MessageLinks, status: ReservationStatus) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FoodEstablishmentReservation',
    reservationNumber: booking.ref,
    reservationStatus: `https://schema.org/${status}`,
    underName: { '@type': 'Person', name: [booking.diner.firstname, booking.diner.lastname].filter(Boolean).join(' ') },
    reservationFor: {
      '@type': 'FoodEstablishment',
      name: merchant.name,
      telephone: merchant.phone,
      ...(merchant.url ? { url: merchant.url } : {}),
      address: postalAddressJsonLd(merchant.address, merchant.phone),
    },
    startTime: isoWithOffset(booking.startsAt, merchant.timezone),
    endTime: isoWithOffset(booking.endsAt, merchant.timezone),
    partySize: booking.clientCount,
    url: links.tracking,
    ...(status === 'ReservationCancelled' ? {} : { modifyReservationUrl: links.manage ?? links.tracking }),
  };
}

/**
 * The JSON-LD as a script element: JSON with every character that could end the element or open markup (<, >, &,
 * and the line separators JavaScript reads as line ends) written as a \\u escape, so hostile names stay data.
 */
export function jsonLdScript(value: unknown): string {
  const json = JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `<script type="application/ld+json">${json}</script>`;
}
