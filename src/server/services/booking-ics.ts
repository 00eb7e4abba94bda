/** A booking as an RFC 5545 calendar event, in the merchant's time zone. */
import { TZDate } from '@date-fns/tz';
import { ICalCalendar } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import type { Lang } from '../domain/lang.ts';

const summaryOf: Record<Lang, (name: string) => string> = {
  fr: (name) => `Réservation chez ${name}`,
  en: (name) => `Table booked at ${name}`,
  es: (name) => `Reserva en ${name}`,
  it: (name) => `Prenotazione da ${name}`,
};
const guestsOf: Record<Lang, (count: number) => string> = {
  fr: (count) => `${count} personne${count > 1 ? 's' : ''}`,
  en: (count) => `${count} guest${count > 1 ? 's' : ''}`,
  es: (count) => `${count} persona${count > 1 ? 's' : ''}`,
  it: (count) => `${count} person${count > 1 ? 'e' : 'a'}`,
};

/** The .ics text of a booking: one VEVENT with the merchant's name and address, VTIMEZONE included. */
export function bookingIcs(
  booking: { token: string; ref: string; startsAt: Date; endsAt: Date; clientCount: number; status: number | null },
  merchant: { name: string; slug: string; timezone: string; phone: string; url: string; address: { address: string; address2: string; zip: string; city: string } },
  zoneName: string | undefined,
  lang: Lang,
): string {
  const calendar = new ICalCalendar({ name: merchant.name, prodId: { company: 'Couvert', product: 'booking', language: lang.toUpperCase() } });
  // No calendar-wide zone: ical-generator would then write DTSTAMP as floating local time, which RFC 5545
  // forbids; the event's own zone still brings its VTIMEZONE.
  calendar.timezone({ name: null, generator: (tz) => tzlib_get_ical_block(tz)[0] ?? null });
  const { address, address2, zip, city } = merchant.address;
  calendar.createEvent({
    id: `${booking.token}@couvert`,
    // Zoned dates: a plain Date would be written in the server process's zone, not the merchant's.
    start: new TZDate(booking.startsAt, merchant.timezone),
    end: new TZDate(booking.endsAt, merchant.timezone),
    timezone: merchant.timezone,
    summary: summaryOf[lang](merchant.name),
    location: [merchant.name, address, address2, `${zip} ${city}`].filter((part) => part.trim() !== '').join(', '),
    description: [`#${booking.ref}`, guestsOf[lang](booking.clientCount), zoneName, merchant.phone].filter(Boolean).join('\n'),
    url: merchant.url || undefined,
  });
  // RFC 5545 ends every content line with CRLF, the last one too.
  return `${calendar.toString()}\r\n`;
}
