import { parse } from 'parse5';
import { describe, expect, test } from 'vitest';
import {
  bookingLinks,
  composeBookingMessage,
  DINER_MESSAGE_KINDS,
  RESTAURANT_MESSAGE_KINDS,
  type BookingMessageKind,
  type ComposedMessage,
  type MessageInput,
  SMS_WITH_MANAGE_KEY,
} from '../../src/server/mail/booking-messages/compose.ts';
import { smsSize } from '../../src/server/mail/sms-segments.ts';
import { LANGS, type Lang } from '../../src/shared/langs.ts';
import {
  hostileMessageInput,
  MESSAGE_HOSTILE,
  MESSAGE_MANAGE_KEY,
  MESSAGE_SITE,
  MESSAGE_TOKEN,
  messageBooking,
  messageLinks,
  messageMerchant,
} from '../support/booking-message-fixture.ts';
import { parseIcs } from '../support/ics-parse.ts';

const KINDS: BookingMessageKind[] = [...DINER_MESSAGE_KINDS, ...RESTAURANT_MESSAGE_KINDS];
const TRACKING = `${MESSAGE_SITE}/le-petit-zinc/booking_complete/${MESSAGE_TOKEN}`;
const BOOK = `${MESSAGE_SITE}/pro/le-petit-zinc`;
/** The longest site address whose messages all fit one segment (docs/messages.md). */
const LONG_SITE = 'https://reservas.restaurante.example';

/** The status a booking has when each diner kind is sent. */
const STATUS_OF: Record<BookingMessageKind, number> = {
  'diner-received': 10,
  'diner-confirmed': 20,
  'diner-changed': 20,
  'diner-cancelled-by-restaurant': 25,
  'diner-cancelled-by-diner': 40,
  'diner-reminder': 20,
  'diner-closed-unanswered': 25,
  'restaurant-new-booking': 10,
  'restaurant-diner-changed': 20,
  'restaurant-diner-cancelled': 40,
  'restaurant-answer-reminder': 10,
  'restaurant-next-day': 20,
};

/** The input of a kind in a language (the diner's for theirs, the restaurant's for its own). */
function inputOf(kind: BookingMessageKind, lang: Lang, base = { merchant: messageMerchant(), booking: messageBooking(), links: messageLinks() }): MessageInput {
  const booking = {
    ...base.booking,
    lang,
    status: STATUS_OF[kind],
    ...(kind === 'diner-cancelled-by-restaurant'
      ? { cancelReason: base.booking.cancelReason ?? 'restaurant_full', cancelMessage: base.booking.cancelMessage ?? 'Cuisine en travaux' }
      : {}),
    ...(kind.endsWith('changed') ? { previous: { startsAt: new Date('2026-11-25T18:00:00Z'), clientCount: 2, zoneName: 'Salle' } } : {}),
  };
  const merchant = { ...base.merchant, lang };
  if (kind === 'restaurant-next-day')
    return { kind, merchant, day: '2026-11-25', bookings: [booking, { ...booking, ref: 'B2', status: 10, clientCount: 2 }], links: base.links };
  return { kind, booking, merchant, links: base.links };
}

/** The JSON-LD objects of a mail's HTML. */
function jsonLdOf(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
}

/** Every element of a parsed HTML document with its attributes, depth first. */
function elements(html: string): Array<{ name: string; attrs: Record<string, string> }> {
  const found: Array<{ name: string; attrs: Record<string, string> }> = [];
  const walk = (node: { nodeName: string; attrs?: Array<{ name: string; value: string }>; childNodes?: unknown[] }) => {
    if (node.attrs) found.push({ name: node.nodeName, attrs: Object.fromEntries(node.attrs.map((attr) => [attr.name, attr.value])) });
    for (const child of node.childNodes ?? []) walk(child as typeof node);
  };
  walk(parse(html) as unknown as Parameters<typeof walk>[0]);
  return found;
}

/** The HTML with the JSON-LD taken out: what a mail client renders. */
const withoutJsonLd = (html: string) => html.replace(/<script type="application\/ld\+json">[\s\S]*?<\/script>/g, '');

const cases = KINDS.flatMap((kind) => LANGS.map((lang) => [kind, lang] as const));

describe('every message kind in every language', () => {
  test.each(cases)('%s in %s: a subject in its language, the facts and the links it needs', (kind, lang) => {
    const message = composeBookingMessage(inputOf(kind, lang));
    const email = message.email!;
    const french = composeBookingMessage(inputOf(kind, 'fr')).email!;
    if (lang !== 'fr') expect(email.subject).not.toBe(french.subject);
    expect(email.html).toContain(`<html lang="${lang}">`);
    for (const body of [email.text, email.html]) {
      expect(body).toContain('20:00');
      expect(body).toContain('Le Petit Zinc');
      if (kind !== 'restaurant-next-day') expect(body).toContain('#K7P2QX');
    }
    if (kind.startsWith('diner-')) {
      expect(email.subject).toContain('Le Petit Zinc');
      expect(email.text).toContain(TRACKING);
      expect(email.html).toContain('12 rue des Martyrs');
      expect(email.html).toContain('background:#8a2b0e');
    } else {
      expect(email.text).toContain(BOOK);
      // The restaurant's messages never carry the diner's manage key.
      expect(`${email.text}${email.html}${message.sms}`).not.toContain(MESSAGE_MANAGE_KEY);
      if (kind !== 'restaurant-next-day') expect(email.subject).toContain('Jeanne Dupont');
    }
  });

  test.each(cases)(
    '%s in %s: one GSM-7 segment with the short link (two for those inviting the diner to act, whose link carries the manage key), even for long names and a 36-character site address',
    (kind, lang) => {
      const long = {
        merchant: messageMerchant({ name: 'Trattoria e Pizzeria della Nonna Rosa e del Nonno Giuseppe – Cucina Romana Tradizionale dal 1968' }),
        booking: messageBooking(),
        links: bookingLinks(LONG_SITE, 'le-petit-zinc', MESSAGE_TOKEN, MESSAGE_MANAGE_KEY),
      };
      long.booking.diner = { ...long.booking.diner, firstname: 'Marie-Françoise Éléonore', lastname: 'de La Tour d’Auvergne-Lauraguais' };
      for (const [input, site] of [
        [inputOf(kind, lang), MESSAGE_SITE],
        [inputOf(kind, lang, long), LONG_SITE],
      ] as const) {
        const sms = composeBookingMessage(input).sms!;
        const withKey = (SMS_WITH_MANAGE_KEY as ReadonlySet<string>).has(kind);
        expect(smsSize(sms).encoding, sms).toBe('GSM-7');
        expect(smsSize(sms).segments, sms).toBeLessThanOrEqual(withKey ? 2 : 1);
        if (kind === 'diner-closed-unanswered') expect(sms).toContain('+33142000000');
        else expect(sms).toContain(kind.startsWith('diner-') ? `${site}/b/${MESSAGE_TOKEN}` : `${site}/pro/le-petit-zinc`);
        // The diner's messages that invite them to act carry the key, in the short address's fragment: they act from any
        // phone; the reminder's link opens the cancel. The others (and the restaurant's) never carry it.
        if (kind === 'diner-reminder') expect(sms).toContain(`${site}/b/${MESSAGE_TOKEN}#manage=${MESSAGE_MANAGE_KEY}&action=cancel`);
        else if (withKey) expect(sms).toContain(`${site}/b/${MESSAGE_TOKEN}#manage=${MESSAGE_MANAGE_KEY}`);
        else expect(sms).not.toContain(MESSAGE_MANAGE_KEY);
      }
    },
  );
});

describe('what each diner message says', () => {
  test.each(['diner-received', 'diner-confirmed', 'diner-changed', 'diner-reminder'] as const)(
    '%s, which invites the diner to act, carries the manage key in its mail and its text message',
    (kind) => {
      const message = composeBookingMessage(inputOf(kind, 'fr'));
      expect(message.email!.text).toContain(`${TRACKING}#manage=${MESSAGE_MANAGE_KEY}`);
      expect(message.sms).toContain(`#manage=${MESSAGE_MANAGE_KEY}`);
      expect(SMS_WITH_MANAGE_KEY.has(kind)).toBe(true);
    },
  );

  test.each(LANGS.map((lang) => [lang]))('the reminder in %s offers the manage link and the one-tap cancel link', (lang) => {
    const email = composeBookingMessage(inputOf('diner-reminder', lang)).email!;
    expect(email.html).toContain(`href="${TRACKING}#manage=${MESSAGE_MANAGE_KEY}&amp;action=cancel"`);
    expect(email.text).toContain(`${TRACKING}#manage=${MESSAGE_MANAGE_KEY}&action=cancel`);
  });

  test.each(LANGS.map((lang) => [lang]))('a refusal in %s gives the reason and the restaurant’s own message', (lang) => {
    const email = composeBookingMessage(inputOf('diner-cancelled-by-restaurant', lang)).email!;
    const reason = { fr: 'complet', en: 'fully booked', es: 'completo', it: 'al completo' }[lang];
    expect(email.text).toContain(reason);
    expect(email.text).toContain('Cuisine en travaux');
    expect(email.html).toContain('Cuisine en travaux');
  });

  test.each(LANGS.map((lang) => [lang]))('closed unanswered in %s gives the merchant’s phone', (lang) => {
    const message = composeBookingMessage(inputOf('diner-closed-unanswered', lang));
    expect(message.email!.text.split('\n').slice(0, 4).join(' ')).toContain('+33142000000');
  });

  test.each(LANGS.map((lang) => [lang]))('a change that sent the booking back to the restaurant says, in %s, it awaits its answer (mail and SMS)', (lang) => {
    const awaits = { fr: 'atten', en: 'await', es: 'pendiente', it: 'attesa' }[lang];
    const diner = inputOf('diner-changed', lang) as Extract<MessageInput, { booking: unknown }>;
    const pending = composeBookingMessage({ ...diner, booking: { ...diner.booking, status: 10 } });
    const confirmed = composeBookingMessage(diner);
    expect(pending.email!.subject).not.toBe(confirmed.email!.subject);
    expect(pending.email!.text.toLowerCase()).toContain(awaits);
    expect(pending.sms!.toLowerCase()).toContain(awaits);
    expect(smsSize(pending.sms!).segments).toBeLessThanOrEqual(2);
    const restaurant = inputOf('restaurant-diner-changed', lang) as Extract<MessageInput, { booking: unknown }>;
    const toConfirm = composeBookingMessage({ ...restaurant, booking: { ...restaurant.booking, status: 10 } });
    expect(toConfirm.email!.subject).not.toBe(composeBookingMessage(restaurant).email!.subject);
    expect(smsSize(toConfirm.sms!).segments).toBe(1);
  });

  test('a change shows what it was before', () => {
    const email = composeBookingMessage(inputOf('diner-changed', 'en')).email!;
    expect(email.text).toContain('Time: 20:00 (was: 19:00)');
    expect(email.text).toContain('Guests: 4 guests (was: 2 guests)');
    expect(email.text).toContain('Area: Terrasse (was: Salle)');
  });

  test('the zone is not named to the diner when the merchant hides zones', () => {
    const base = { merchant: messageMerchant({ showZone: false }), booking: messageBooking(), links: messageLinks() };
    const message = composeBookingMessage(inputOf('diner-confirmed', 'fr', base));
    expect(message.email!.text).not.toContain('Terrasse');
    expect(message.email!.attachments[0]!.content).not.toContain('Terrasse');
  });

  test('without a manage key the diner gets the tracking page only', () => {
    const links = { ...messageLinks(), manage: undefined, cancel: undefined };
    const email = composeBookingMessage(inputOf('diner-reminder', 'fr', { merchant: messageMerchant(), booking: messageBooking(), links })).email!;
    expect(email.text).toContain(TRACKING);
    expect(email.text).not.toContain('#manage=');
  });

  test.each([
    ['restaurant-new-booking', 'Confirmer la réservation', `${BOOK}?day=2026-11-25&booking=${MESSAGE_TOKEN}&action=confirm`],
    ['restaurant-answer-reminder', 'Confirmer la réservation', `${BOOK}?day=2026-11-25&booking=${MESSAGE_TOKEN}&action=confirm`],
    ['restaurant-diner-changed', 'Voir la réservation dans le carnet', `${BOOK}?day=2026-11-25&booking=${MESSAGE_TOKEN}`],
  ] as const)('the restaurant\u2019s %s mail opens the book on the booking\u2019s day, its button saying %s', (kind, label, href) => {
    const { email } = composeBookingMessage(inputOf(kind, 'fr'));
    expect(email!.text).toContain(href);
    expect(email!.html).toContain(`href="${href.replaceAll('&', '&amp;')}"`);
    expect(email!.html).toContain(label);
  });

  test('the evening list holds each booking by time and marks the pending ones', () => {
    const email = composeBookingMessage(inputOf('restaurant-next-day', 'fr')).email!;
    expect(email.subject).toBe('Réservations du mercredi 25 novembre 2026 – Le Petit Zinc');
    expect(email.text).toContain('2 en tout, 6 couverts');
    expect(email.text).toContain('20:00 · Jeanne Dupont · 2 personnes · Terrasse · +33612345678 · #B2 · à confirmer');
  });
});

describe('schema.org reservation markup', () => {
  const expected: Array<[BookingMessageKind, string]> = [
    ['diner-received', 'ReservationPending'],
    ['diner-confirmed', 'ReservationConfirmed'],
    ['diner-changed', 'ReservationConfirmed'],
    ['diner-reminder', 'ReservationConfirmed'],
    ['diner-cancelled-by-restaurant', 'ReservationCancelled'],
    ['diner-cancelled-by-diner', 'ReservationCancelled'],
    ['diner-closed-unanswered', 'ReservationCancelled'],
  ];
  test.each(expected)('%s carries a FoodEstablishmentReservation %s with its fields', (kind, status) => {
    const [ld, ...more] = jsonLdOf(composeBookingMessage(inputOf(kind, 'it')).email!.html);
    expect(more).toEqual([]);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'FoodEstablishmentReservation',
      reservationNumber: 'K7P2QX',
      reservationStatus: `https://schema.org/${status}`,
      underName: { '@type': 'Person', name: 'Jeanne Dupont' },
      reservationFor: {
        '@type': 'FoodEstablishment',
        name: 'Le Petit Zinc',
        telephone: '+33142000000',
        address: {
          '@type': 'PostalAddress',
          streetAddress: '12 rue des Martyrs',
          postalCode: '75009',
          addressLocality: 'Paris',
          addressCountry: 'FR',
        },
      },
      startTime: '2026-11-25T20:00:00+01:00',
      partySize: 4,
    });
    if (status === 'ReservationCancelled') expect(ld).not.toHaveProperty('modifyReservationUrl');
    else expect(ld!.modifyReservationUrl).toBe(`${TRACKING}#manage=${MESSAGE_MANAGE_KEY}`);
  });

  test.each([
    ['the definition’s country and region', { country: 'IT', region: 'Lazio' }, '+390612345678', { addressCountry: 'IT', addressRegion: 'Lazio' }],
    ['the phone’s country when the definition gives none', {}, '+34911234567', { addressCountry: 'ES' }],
    ['no country when neither says', {}, 'not a phone', {}],
  ])('the address carries %s', (_case, given, phone, expected) => {
    const merchant = messageMerchant({ phone, address: { ...messageMerchant().address, ...given } });
    const [ld] = jsonLdOf(composeBookingMessage({ kind: 'diner-confirmed', merchant, booking: messageBooking(), links: messageLinks() }).email!.html);
    const address = (ld!.reservationFor as { address: Record<string, string> }).address;
    expect({ addressCountry: address.addressCountry, addressRegion: address.addressRegion }).toEqual({
      addressCountry: undefined,
      addressRegion: undefined,
      ...expected,
    });
  });

  test('the restaurant’s mails carry none', () => {
    for (const kind of RESTAURANT_MESSAGE_KINDS) expect(jsonLdOf(composeBookingMessage(inputOf(kind, 'fr')).email!.html)).toEqual([]);
  });
});

describe('the calendar invitation', () => {
  const icsOf = (message: ComposedMessage) => {
    const [attachment, ...more] = message.email!.attachments;
    expect(more).toEqual([]);
    return { attachment: attachment!, calendar: parseIcs(attachment!.content) };
  };

  test.each([
    ['diner-received', 'REQUEST', 'TENTATIVE'],
    ['diner-confirmed', 'REQUEST', 'CONFIRMED'],
    ['diner-changed', 'REQUEST', 'CONFIRMED'],
    ['diner-cancelled-by-restaurant', 'CANCEL', 'CANCELLED'],
    ['diner-cancelled-by-diner', 'CANCEL', 'CANCELLED'],
    ['diner-closed-unanswered', 'CANCEL', 'CANCELLED'],
  ] as const)('%s sends METHOD:%s with STATUS:%s, the booking’s UID and its revision as SEQUENCE', (kind, method, status) => {
    const { attachment, calendar } = icsOf(composeBookingMessage(inputOf(kind, 'es')));
    expect(attachment.contentType).toBe(`text/calendar; charset=utf-8; method=${method}`);
    expect(calendar.get('METHOD')).toBe(method);
    const event = calendar.children.find((child) => child.type === 'VEVENT')!;
    expect(event.get('UID')).toBe(`${MESSAGE_TOKEN}@couvert`);
    expect(event.get('SEQUENCE')).toBe('2');
    expect(event.get('STATUS')).toBe(status);
    expect(event.get('DTSTART')).toBe('20261125T200000');
    expect(event.properties.find((p) => p.name === 'DTSTART')!.params.TZID).toBe('Europe/Paris');
    expect(event.get('ORGANIZER')).toMatch(/^mailto:/i);
    expect(event.get('ATTENDEE')).toBe('MAILTO:jeanne@example.com');
  });

  test('the reminder and the restaurant’s messages attach no invitation', () => {
    for (const kind of ['diner-reminder', ...RESTAURANT_MESSAGE_KINDS] as const)
      expect(composeBookingMessage(inputOf(kind, 'fr')).email!.attachments).toEqual([]);
  });
});

describe('hostile merchant and diner texts', () => {
  test.each(cases)('%s in %s renders every text as text', (kind, lang) => {
    const base = hostileMessageInput();
    const message = composeBookingMessage(inputOf(kind, lang, base));
    const html = withoutJsonLd(message.email!.html);
    expect(html).not.toMatch(/<script|<img|<\/script|<b>/i);
    expect(html).toContain('&lt;script&gt;');
    // As a browser parses it: only the mail's own elements, no handler, the one script the JSON-LD.
    const parsed = elements(message.email!.html);
    const allowed = new Set(['html', 'head', 'meta', 'title', 'body', 'table', 'tbody', 'tr', 'td', 'th', 'p', 'a', 'div', 'span', 'script']);
    expect(parsed.map((element) => element.name).filter((name) => !allowed.has(name))).toEqual([]);
    expect(parsed.flatMap((element) => Object.keys(element.attrs)).filter((name) => name.startsWith('on'))).toEqual([]);
    expect(parsed.filter((element) => element.name === 'script').map((element) => element.attrs.type)).toEqual(
      kind.startsWith('diner-') ? ['application/ld+json'] : [],
    );
    for (const ld of jsonLdOf(message.email!.html)) {
      expect((ld.reservationFor as { name: string }).name).toBe(`Chez Z${MESSAGE_HOSTILE}`);
    }
    // The script element holds JSON only: nothing in it closes it early or opens markup.
    for (const match of message.email!.html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) expect(match[1]).not.toMatch(/[<>]/);
    expect(message.email!.subject).not.toMatch(/[\r\n]/);
    // A text message is one line whatever the names hold.
    expect(message.sms).not.toMatch(/[\r\n\u2028\u2029]/);
    // Placeholders inside hostile values stay as written: nothing is substituted twice.
    expect(message.email!.text).toContain('{{name}}');
  });
});
