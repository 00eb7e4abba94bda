/** A booking, its merchant and links as the booking messages take them: plain or hostile (every free text an attack). */
import { bookingLinks } from '../../src/server/mail/booking-messages/compose.ts';
import type { MessageBooking, MessageLinks, MessageMerchant } from '../../src/server/mail/booking-messages/compose.ts';

/** The site's origin in message tests. */
export const MESSAGE_SITE = 'https://couvert.example';
/** A booking token and manage key of the real length (24 random bytes, base64url). */
export const MESSAGE_TOKEN = 'tK3nQ0b8Zr5JmW1xYc7Hs2Lp9Vd4Fg6A';
export const MESSAGE_MANAGE_KEY = 'mK9aB2cD3eF4gH5iJ6kL7mN8oP0qR1sT';

/** Le Petit Zinc, as a merchant row gives it. */
export function messageMerchant(overrides: Partial<MessageMerchant> = {}): MessageMerchant {
  return {
    slug: 'le-petit-zinc',
    name: 'Le Petit Zinc',
    timezone: 'Europe/Paris',
    phone: '+33142000000',
    url: 'https://le-petit-zinc.example',
    address: { address: '12 rue des Martyrs', address2: '', zip: '75009', city: 'Paris' },
    theme: { primary: '#8a2b0e', background: '#fbf6ef' },
    showZone: true,
    ...overrides,
  };
}

/** A confirmed booking for 4 on Wednesday 25 November 2026 at 20:00 Paris time (19:00 UTC), revision 2. */
export function messageBooking(overrides: Partial<MessageBooking> = {}): MessageBooking {
  return {
    token: MESSAGE_TOKEN,
    ref: 'K7P2QX',
    revision: 2,
    status: 20,
    startsAt: new Date('2026-11-25T19:00:00Z'),
    endsAt: new Date('2026-11-25T21:00:00Z'),
    clientCount: 4,
    zoneName: 'Terrasse',
    comment: 'Une chaise haute, merci',
    lang: 'fr',
    cancelReason: null,
    cancelMessage: null,
    diner: { firstname: 'Jeanne', lastname: 'Dupont', phone: '+33612345678', email: 'jeanne@example.com' },
    ...overrides,
  };
}

/** The booking's links with its manage key. */
export function messageLinks(): MessageLinks {
  return bookingLinks(MESSAGE_SITE, 'le-petit-zinc', MESSAGE_TOKEN, MESSAGE_MANAGE_KEY);
}

/** In every hostile text of the messages. */
export const MESSAGE_HOSTILE = '<script>alert(`zx-hostile`)</script><img src=x onerror=alert(1)>"\'&amp;{{name}}\u2028</script>';

/** A merchant and booking whose every free text (names, zone, comment, booking text, the restaurant's message) is an attack. */
export function hostileMessageInput() {
  const merchant = messageMerchant({
    name: `Chez Z${MESSAGE_HOSTILE}`,
    address: { address: `1 ${MESSAGE_HOSTILE}`, address2: MESSAGE_HOSTILE, zip: '<b>', city: MESSAGE_HOSTILE },
    bookingDescription: { fr: `Réservez ${MESSAGE_HOSTILE}`, en: `Book ${MESSAGE_HOSTILE}` },
  });
  const booking = messageBooking({
    zoneName: `Salle${MESSAGE_HOSTILE}`,
    comment: MESSAGE_HOSTILE,
    cancelReason: 'restaurant_full',
    cancelMessage: `Désolés\n${MESSAGE_HOSTILE}`,
    diner: { firstname: `Jo${MESSAGE_HOSTILE}`, lastname: MESSAGE_HOSTILE, phone: '+33612345678', email: 'jo@example.com' },
  });
  return { merchant, booking, links: messageLinks() };
}
