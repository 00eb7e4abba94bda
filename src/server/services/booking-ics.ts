/** A booking as an RFC 5545 calendar event, in the merchant's time zone and the diner's language (server-booking.json). */
import { TZDate } from '@date-fns/tz';
import { ICalCalendar } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import type { Lang } from '../../shared/langs.ts';
import { bookingTexts } from '../i18n/server-texts.ts';

/** The .ics text of a booking: one VEVENT with the merchant's name and address, VTIMEZONE included. */
export function bookingIcs(
  booking: { token: string; ref: string; startsAt: Date; endsAt: Date; clientCount: number; status: number | null },
  merchant: {
    name: string;
    slug: string;
    timezone: string;
    phone: string;
    url: string;
    address: { address: string; address2: string; zip: string; city: string };
  },
  zoneName: string | undefined,
  lang: Lang,
): string {
  const t = bookingTexts(lang);
  const guests = t(booking.clientCount > 1 ? 'calendarEvent.guests.other' : 'calendarEvent.guests.one', { count: booking.clientCount });
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
    summary: t('calendarEvent.summary', { name: merchant.name }),
    location: [merchant.name, address, address2, `${zip} ${city}`].filter((part) => part.trim() !== '').join(', '),
    description: [`#${booking.ref}`, guests, zoneName, merchant.phone].filter(Boolean).join('\n'),
    url: merchant.url || undefined,
  });
  // RFC 5545 ends every content line with CRLF, the last one too.
  return `${calendar.toString()}\r\n`;
}
