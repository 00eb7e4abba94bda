/** Names in messages are isolated as far as direction goes: a right-to-left override in a diner's name never reaches the words after it. */
import { describe, expect, test } from 'vitest';
import { composeBookingMessage } from '../../src/server/mail/booking-messages/compose.ts';
import { smsSize } from '../../src/server/mail/sms-segments.ts';
import { isolatedName } from '../../src/shared/isolated-name.ts';
import { messageBooking, messageLinks, messageMerchant } from '../support/booking-message-fixture.ts';

const FSI = '\u2068';
const PDI = '\u2069';
const RLO = '\u202E';

/** Whether every explicit embedding, override and isolate a text opens is closed within it (UAX #9's pairing). */
function balanced(text: string): boolean {
  const open: string[] = [];
  for (const char of text) {
    if ('\u202A\u202B\u202D\u202E'.includes(char)) open.push('e');
    else if ('\u2066\u2067\u2068'.includes(char)) open.push('i');
    else if (char === '\u202C') {
      if (open.at(-1) !== 'e') return false;
      open.pop();
    } else if (char === PDI) {
      const at = open.lastIndexOf('i');
      if (at < 0) return false;
      open.length = at;
    }
  }
  return !open.includes('i');
}

describe('isolatedName', () => {
  test.each([
    ['a Latin name is left as it is', 'Jeanne Dupont', 'Jeanne Dupont'],
    ['an Arabic name is isolated', 'ليلى', `${FSI}ليلى${PDI}`],
    ['an override is isolated', `${RLO}evil`, `${FSI}${RLO}evil${PDI}`],
    ['a PDI closing nothing is dropped (it would close the wrapper early)', `a${PDI}${RLO}b`, `${FSI}a${RLO}b${PDI}`],
    ['an isolate left open is closed before the wrapper’s PDI', `\u2067x`, `${FSI}\u2067x${PDI}${PDI}`],
    ['a PDF closing nothing is dropped', `\u202Cx\u200F`, `${FSI}x\u200F${PDI}`],
  ])('%s', (_case, name, expected) => {
    expect(isolatedName(name)).toBe(expected);
    expect(balanced(isolatedName(name))).toBe(true);
  });
});

describe('a diner’s name with bidi controls in the messages', () => {
  const booking = messageBooking({ diner: { firstname: `${RLO}Jo${PDI}${PDI}\u2067`, lastname: 'Evil', phone: '+33612345678', email: 'jo@example.com' } });
  const input = { booking, merchant: messageMerchant({ name: `Chez ${RLO}Zed` }), links: messageLinks() };

  test.each(['restaurant-new-booking', 'restaurant-diner-changed', 'restaurant-answer-reminder', 'diner-confirmed', 'diner-reminder'] as const)(
    '%s: every name in the subject, the mail and the SMS is isolated and balanced, and the time after it stays put',
    (kind) => {
      const message = composeBookingMessage({ kind, ...input });
      for (const text of [message.email!.subject, message.email!.text, message.sms!]) {
        expect(balanced(text), JSON.stringify(text)).toBe(true);
        // Every override sits inside an isolate that ends before the rest of the line.
        for (const at of [...text.matchAll(new RegExp(RLO, 'g'))].map((match) => match.index)) {
          expect(text.lastIndexOf(FSI, at)).toBeGreaterThanOrEqual(0);
        }
      }
      if (kind.startsWith('restaurant-')) expect(message.email!.subject).toContain(`${FSI}${RLO}Jo\u2067 Evil${PDI}${PDI}`);
      else expect(message.email!.subject).toContain(`${FSI}Chez ${RLO}Zed${PDI}`);
    },
  );

  test('a Latin name leaves the SMS in GSM-7, one segment', () => {
    const sms = composeBookingMessage({ kind: 'restaurant-new-booking', booking: messageBooking(), merchant: messageMerchant(), links: messageLinks() }).sms!;
    expect(sms).not.toContain(FSI);
    expect(smsSize(sms)).toMatchObject({ encoding: 'GSM-7', segments: 1 });
  });
});
