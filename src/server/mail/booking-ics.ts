/** A booking as an RFC 5545 calendar event, in the merchant's time zone and the diner's language (server-booking.json). */
import { TZDate } from '@date-fns/tz';
import { ICalCalendar, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { BookingStatus } from '../../shared/booking-status.ts';
import { BoundedMemo } from '../../shared/bounded-memo.ts';
import type { Lang } from '../../shared/langs.ts';
import type { MerchantSettingsValue } from '../domain/merchant-floor.ts';
import { notificationTargets } from '../domain/merchant-notifications.ts';
import { bookingTexts } from '../i18n/server-texts.ts';

/**
 * How the event is sent (RFC 5546): by mail an invitation (REQUEST) or its withdrawal (CANCEL, which calendars apply
 * to the event of the same UID when its SEQUENCE is higher); as a file to download (export_ical) a published event
 * (PUBLISH), or the same withdrawal once the booking ended; always with the booking's revision as SEQUENCE.
 */
export interface IcsScheduling {
  method: 'REQUEST' | 'CANCEL' | 'PUBLISH';
  sequence: number;
  /** A request the restaurant has not confirmed yet: STATUS:TENTATIVE rather than CONFIRMED. */
  tentative?: boolean;
  /** Who sends it (RFC 5546 requires an ORGANIZER): the restaurant's name, and an address when it has one. */
  organizer: { name: string; email: string };
  /** The diner, when their address is known. */
  attendee?: { name: string; email: string };
}

// A zone's VTIMEZONE block never changes while the process runs, and building it walks the zone's rules: once per zone.
const vtimezones = new BoundedMemo<string | null>(1_000);

/** The VTIMEZONE block of an IANA zone, or null for a zone the library does not know. */
function vtimezone(zone: string): string | null {
  return vtimezones.get(zone, () => tzlib_get_ical_block(zone)[0] ?? null);
}

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
  scheduling?: IcsScheduling,
): string {
  const t = bookingTexts(lang);
  const guests = t(booking.clientCount > 1 ? 'calendarEvent.guests.other' : 'calendarEvent.guests.one', { count: booking.clientCount });
  const calendar = new ICalCalendar({ name: merchant.name, prodId: { company: 'Couvert', product: 'booking', language: lang.toUpperCase() } });
  // No calendar-wide zone: ical-generator would then write DTSTAMP as floating local time, which RFC 5545
  // forbids; the event's own zone still brings its VTIMEZONE.
  calendar.timezone({ name: null, generator: vtimezone });
  const { address, address2, zip, city } = merchant.address;
  if (scheduling) calendar.method(ICalCalendarMethod[scheduling.method]);
  const event = calendar.createEvent({
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
  if (scheduling) {
    event.sequence(scheduling.sequence);
    const status = scheduling.method === 'CANCEL' ? ICalEventStatus.CANCELLED : scheduling.tentative ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED;
    event.status(status);
    event.organizer(scheduling.organizer);
    if (scheduling.attendee) event.createAttendee({ ...scheduling.attendee, rsvp: false });
  }
  // RFC 5545 ends every content line with CRLF, the last one too.
  return `${calendar.toString()}\r\n`;
}

/**
 * The scheduling of a booking's downloaded .ics (export_ical), as the mailed ones have it: the booking's revision as
 * SEQUENCE, a pending booking TENTATIVE, and a refused or cancelled one withdrawn (METHOD:CANCEL, STATUS:CANCELLED) so a
 * calendar that imported it drops it. The organiser is the restaurant, at its first notification address (else the
 * no-reply address of its site's host).
 */
export function downloadScheduling(
  booking: { status: number | null; revision: number },
  merchant: { name: string; url: string; settings: Pick<MerchantSettingsValue, 'notifications'> },
): IcsScheduling {
  const ended = booking.status === BookingStatus.Refused || booking.status === BookingStatus.Cancelled;
  const host = URL.canParse(merchant.url) ? new URL(merchant.url).hostname : '';
  const email = notificationTargets(merchant.settings).emails[0] ?? `no-reply@${host || 'couvert.invalid'}`;
  return {
    method: ended ? 'CANCEL' : 'PUBLISH',
    sequence: booking.revision,
    tentative: booking.status === BookingStatus.Pending,
    organizer: { name: merchant.name, email },
  };
}
