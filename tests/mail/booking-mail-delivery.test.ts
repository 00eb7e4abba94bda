import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { composeBookingMessage } from '../../src/server/mail/booking-messages/compose.ts';
import { createMailer, type Mailer } from '../../src/server/mail/mailer.ts';
import { MESSAGE_MANAGE_KEY, MESSAGE_TOKEN, messageBooking, messageLinks, messageMerchant } from '../support/booking-message-fixture.ts';
import { parseIcs } from '../support/ics-parse.ts';
import { mimePart, startSmtpInbox, subjectOf, type SmtpInbox } from '../support/smtp-inbox.ts';

let inbox: SmtpInbox;
let mailer: Mailer;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  mailer = createMailer({ smtpUrl: inbox.url, from: 'Le Petit Zinc <no-reply@couvert.example>' });
});
afterAll(async () => {
  mailer.close();
  await inbox.close();
});

/** Composes a diner's kind for a booking at a revision and mails it to its own address; resolves with what arrived. */
async function deliver(kind: 'diner-confirmed' | 'diner-cancelled-by-diner', revision: number, status: number, to: string) {
  const booking = messageBooking({ revision, status, lang: 'en', diner: { firstname: 'Jeanne', lastname: 'Dupont', email: to } });
  const { email } = composeBookingMessage({ kind, booking, merchant: messageMerchant(), links: messageLinks() });
  await mailer.send({ to, ...email! });
  return (await inbox.waitFor(to)).raw;
}

/** The VEVENT of a calendar text. */
const eventOf = (ics: string) => parseIcs(ics).children.find((child) => child.type === 'VEVENT')!;

describe('a booking mail delivered over SMTP and read back', () => {
  test('the confirmation carries text, HTML with its reservation markup, and an .ics invitation that parses', async () => {
    const raw = await deliver('diner-confirmed', 2, 20, 'confirmed@example.com');
    expect(subjectOf(raw)).toBe('Booking confirmed – Le Petit Zinc');
    expect(mimePart(raw, 'text/plain')).toContain(`booking_complete/${MESSAGE_TOKEN}#manage=${MESSAGE_MANAGE_KEY}`);
    const html = mimePart(raw, 'text/html');
    const [, json] = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)!;
    expect(JSON.parse(json!)).toMatchObject({
      '@type': 'FoodEstablishmentReservation',
      reservationStatus: 'https://schema.org/ReservationConfirmed',
      reservationNumber: 'K7P2QX',
      startTime: '2026-11-25T20:00:00+01:00',
      partySize: 4,
    });
    const calendar = parseIcs(mimePart(raw, 'text/calendar'));
    expect(calendar.get('METHOD')).toBe('REQUEST');
    expect(eventOf(mimePart(raw, 'text/calendar')).get('STATUS')).toBe('CONFIRMED');
    expect(raw).toMatch(/filename="?booking-K7P2QX\.ics"?/);
  });

  test('the cancellation withdraws the same event: same UID, higher SEQUENCE, METHOD:CANCEL', async () => {
    const request = eventOf(mimePart(await deliver('diner-confirmed', 2, 20, 'cancel-first@example.com'), 'text/calendar'));
    const cancelRaw = await deliver('diner-cancelled-by-diner', 3, 40, 'cancel-then@example.com');
    const cancelIcs = mimePart(cancelRaw, 'text/calendar');
    const cancel = eventOf(cancelIcs);
    expect(parseIcs(cancelIcs).get('METHOD')).toBe('CANCEL');
    expect(cancel.get('UID')).toBe(request.get('UID'));
    expect(Number(cancel.get('SEQUENCE'))).toBeGreaterThan(Number(request.get('SEQUENCE')));
    expect(cancel.get('STATUS')).toBe('CANCELLED');
    expect(cancel.get('DTSTART')).toBe(request.get('DTSTART'));
    expect(JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(mimePart(cancelRaw, 'text/html'))![1]!)).toMatchObject({
      reservationStatus: 'https://schema.org/ReservationCancelled',
    });
  });
});
