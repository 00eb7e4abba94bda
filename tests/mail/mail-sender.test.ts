/**
 * White label: a diner's booking mail comes from the restaurant's name at the provider's address; a hostile name stays
 * one display name (no second address, no header of its own), read back from the SMTP inbox as a mail client would.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { composeBookingMessage } from '../../src/server/mail/booking-messages/compose.ts';
import { createMailer, senderAddress, type Mailer } from '../../src/server/mail/mailer.ts';
import { messageBooking, messageLinks, messageMerchant } from '../support/booking-message-fixture.ts';
import { decodeQuotedPrintable, startSmtpInbox, type SmtpInbox } from '../support/smtp-inbox.ts';

let inbox: SmtpInbox;
let mailer: Mailer;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  mailer = createMailer({ smtpUrl: inbox.url, from: 'Couvert <no-reply@couvert.example>' });
});
afterAll(async () => {
  mailer.close();
  await inbox.close();
});

/** The header block's unfolded lines by lower-case name. */
function headers(raw: string): Array<[string, string]> {
  const head = (raw.split(/\r?\n\r?\n/)[0] ?? '').replace(/\r?\n[ \t]/g, ' ');
  return head.split(/\r?\n/).map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]);
}

/** RFC 5322 mailboxes of an address header: [display name (quoted strings and RFC 2047 words decoded), address]. */
function mailboxes(value: string): Array<[string, string]> {
  const list: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const char = value[i]!;
    if (quoted && char === '\\') {
      current += char + (value[++i] ?? '');
      continue;
    }
    if (char === '"') quoted = !quoted;
    if (char === ',' && !quoted) {
      list.push(current);
      current = '';
    } else current += char;
  }
  list.push(current);
  return list.map((mailbox) => {
    const match = /^(.*)<([^<>]*)>\s*$/.exec(mailbox.trim());
    if (!match) return ['', mailbox.trim()];
    const display = match[1]!.trim();
    // A quoted string is taken as it is (RFC 2047 5: no encoded words inside it); else its encoded words are decoded.
    const quoted = /^"([\s\S]*)"$/.exec(display);
    const name = quoted
      ? quoted[1]!.replace(/\\(.)/g, '$1')
      : display.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_all, kind: string, text: string) =>
          kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replaceAll('_', ' ')),
        );
    return [name, match[2]!];
  });
}

describe('the sender of a booking mail', () => {
  test.each([
    ['a plain name', 'Le Petit Zinc', 'Le Petit Zinc'],
    ['quotes, an address and a comma', 'Le "Zinc" <evil@attacker.example>, Bob', 'Le "Zinc" <evil@attacker.example>, Bob'],
    ['a line break and a header', 'Chez Zed\r\nBcc: victim@example.org', 'Chez Zed Bcc: victim@example.org'],
    ['accents and kanji', 'Café Ürgüp 寿司', 'Café Ürgüp 寿司'],
    ['an encoded word of its own', '=?utf-8?B?RXZpbA==?= Bistro', '=?utf-8?B?RXZpbA==?= Bistro'],
  ])('%s: one mailbox, the restaurant’s name at the provider’s address', async (_case, name, shown) => {
    const to = `sender-${Math.random().toString(36).slice(2)}@example.com`;
    const { email } = composeBookingMessage({ kind: 'diner-confirmed', booking: messageBooking(), merchant: messageMerchant({ name }), links: messageLinks() });
    await mailer.send({ to, ...email! });
    const received = await inbox.waitFor(to);
    const from = headers(received.raw).filter(([key]) => key === 'from');
    expect(from).toHaveLength(1);
    expect(mailboxes(from[0]![1])).toEqual([[shown, 'no-reply@couvert.example']]);
    expect(headers(received.raw).filter(([key]) => key === 'bcc')).toEqual([]);
    expect(received.from).toBe('no-reply@couvert.example');
  });

  test('the restaurant’s own messages keep the provider’s sender', async () => {
    const to = `restaurant-${Math.random().toString(36).slice(2)}@example.com`;
    const { email } = composeBookingMessage({ kind: 'restaurant-new-booking', booking: messageBooking(), merchant: messageMerchant(), links: messageLinks() });
    await mailer.send({ to, ...email! });
    const from = headers((await inbox.waitFor(to)).raw).find(([key]) => key === 'from')!;
    expect(mailboxes(from[1])).toEqual([['Couvert', 'no-reply@couvert.example']]);
  });

  test.each([
    ['Couvert <no-reply@couvert.example>', 'no-reply@couvert.example'],
    ['no-reply@couvert.example', 'no-reply@couvert.example'],
    ['"Couvert, Inc." <a@b.example> ', 'a@b.example'],
  ])('the address of MAIL_FROM %j is %s', (from, address) => {
    expect(senderAddress(from)).toBe(address);
  });
});
