import { describe, expect, test } from 'vitest';
import { composeBookingMessage, type DinerMessageKind } from '../../src/server/mail/booking-messages/compose.ts';
import type { Lang } from '../../src/shared/langs.ts';
import type { MerchantText } from '../../src/shared/merchant-text.ts';
import { MESSAGE_HOSTILE, messageBooking, messageLinks, messageMerchant } from '../support/booking-message-fixture.ts';

// The restaurant's own booking text in the diner's mails: their language, else the first the restaurant listed.
const ENGLISH = 'For more than 8 guests, please call us.';
const FRENCH = 'Au-delà de 8 personnes, appelez-nous.';

function dinerMail(kind: DinerMessageKind, lang: Lang, bookingDescription: MerchantText) {
  const input = { kind, merchant: messageMerchant({ bookingDescription }), booking: messageBooking({ lang }), links: messageLinks() };
  return composeBookingMessage(input).email!;
}

describe('the diner’s mail carries the restaurant’s booking text', () => {
  test('in English to an English diner', () => {
    const mail = dinerMail('diner-confirmed', 'en', { fr: FRENCH, en: ENGLISH });
    expect(mail.text).toContain(ENGLISH);
    expect(mail.html).toContain(ENGLISH);
    expect(mail.text).not.toContain(FRENCH);
  });

  test('in the first language listed when the diner’s is missing', () => {
    const mail = dinerMail('diner-received', 'it', { fr: FRENCH, en: ENGLISH });
    expect(mail.text).toContain(FRENCH);
    expect(mail.text).not.toContain(ENGLISH);
  });

  test('as the one string the restaurant wrote', () => {
    expect(dinerMail('diner-reminder', 'es', FRENCH).text).toContain(FRENCH);
  });

  test('not in a mail that ends the booking', () => {
    expect(dinerMail('diner-cancelled-by-diner', 'en', { en: ENGLISH }).text).not.toContain(ENGLISH);
  });

  test('as text only: hostile markup is escaped in the HTML', () => {
    const mail = dinerMail('diner-confirmed', 'en', { en: `Book ${MESSAGE_HOSTILE}` });
    expect(mail.text).toContain(`Book ${MESSAGE_HOSTILE}`);
    expect(mail.html).not.toContain('<script>alert(`zx-hostile`)');
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('Book &lt;script&gt;');
  });
});
