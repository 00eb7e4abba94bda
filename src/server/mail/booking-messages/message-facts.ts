/** What the booking messages share: the reader's language, the diner's name, the booking's facts, the merchant's address. */
import { isolatedName } from '../../../shared/isolated-name.ts';
import { isLang, type Lang } from '../../../shared/langs.ts';
import { messageTexts } from '../../i18n/server-texts.ts';
import type { EmailFact } from './booking-email.ts';
import { messageWhen } from './message-dates.ts';
import type { MessageBooking, MessageMerchant } from './message-input.ts';

/** The language a diner booked in, French when it is none of ours. */
export function dinerLang(booking: MessageBooking): Lang {
  return isLang(booking.lang) ? booking.lang : 'fr';
}

/** The diner's name as the restaurant reads it: "Jeanne Dupont" (one line, its direction isolated from the sentence around it). */
export function dinerName(booking: MessageBooking): string {
  return isolatedName(
    [booking.diner.firstname, booking.diner.lastname]
      .map((part) => part.replace(/\s+/g, ' ').trim())
      .filter(Boolean)
      .join(' '),
  );
}

/** "4 personnes". */
export function guests(lang: Lang, count: number): string {
  return messageTexts(lang)(count > 1 ? 'facts.guests.other' : 'facts.guests.one', { count });
}

/** The merchant's address on one line. */
export function addressLine(merchant: MessageMerchant): string {
  const { address, address2, zip, city } = merchant.address;
  return [address, address2, `${zip} ${city}`].filter((part) => part.trim() !== '').join(', ');
}

/** The booking's date, time, party and zone (each with what it was before when it changed), then its reference. */
export function bookingFacts(booking: MessageBooking, merchant: MessageMerchant, lang: Lang, { zone }: { zone: boolean }): EmailFact[] {
  const t = messageTexts(lang);
  const now = messageWhen(booking.startsAt, merchant.timezone, lang);
  const before = booking.previous ? messageWhen(booking.previous.startsAt, merchant.timezone, lang) : undefined;
  const was = (then: string | undefined, value: string) => (then !== undefined && then !== value ? t('facts.was', { value: then }) : undefined);
  const facts: EmailFact[] = [
    { label: t('facts.date'), value: now.date, was: was(before?.date, now.date) },
    { label: t('facts.time'), value: now.time, was: was(before?.time, now.time) },
    {
      label: t('facts.party'),
      value: guests(lang, booking.clientCount),
      was: was(booking.previous ? guests(lang, booking.previous.clientCount) : undefined, guests(lang, booking.clientCount)),
    },
  ];
  if (zone && booking.zoneName) facts.push({ label: t('facts.zone'), value: booking.zoneName, was: was(booking.previous?.zoneName, booking.zoneName) });
  facts.push({ label: t('facts.ref'), value: `#${booking.ref}` });
  return facts;
}

/** The subject on one line: a name with a line break must not open a new header. */
export function oneLineSubject(subject: string): string {
  return subject.replace(/\s+/g, ' ').trim();
}
