/** The booking as the browser reads it (spec section 3), built from what is stored. */
import { bookingTexts } from '../../shared/booking-texts.ts';
import { localeOf } from './lang.ts';
import { formatInZone } from './wall-clock-date.ts';
import type { Lang } from '../../shared/langs.ts';
import { localDateOf, localTimeOf, startOfLocalDay } from '../../shared/local-time.ts';
import { BookingStatus, isPending, type BookingStatusCode } from '../../shared/booking-life-cycle.ts';
import type { Booking } from '../../shared/api/booking.ts';

/** What the view needs of a stored booking. */
export interface BookingFacts {
  token: string;
  ref: string;
  status: number | null;
  startsAt: Date;
  endsAt: Date;
  clientCount: number;
  comment: string;
  cancelReason: string | null;
  cancelMessage: string | null;
  validatedAt: Date | null;
  holdExpiresAt: Date | null;
  createdAt: Date;
  revision: number;
  /** The diner's last change of the validated booking, if any (`bookings.diner_change`). */
  dinerChange?: { at: string } | null;
}

/** What the view needs of the merchant. */
export interface MerchantFacts {
  slug: string;
  name: string;
  timezone: string;
  phone: string;
  address: { address: string; address2: string; zip: string; city: string };
  settings: { showZone: boolean; responseWindowMinutes: number; keepTableDuration: number };
}

/** The diner a booking belongs to. */
export interface ClientFacts {
  firstname: string;
  lastname: string;
  phone: string | null;
  email: string | null;
  anonymousEmail: string | null;
}

/** The booking fields of spec section 3: the browser's Booking type, so a change that breaks it fails tsc. */
export type BookingView = Booking;

const gifByStatus: Record<string, string> = {
  draft: '/images/status/draft.svg',
  [BookingStatus.Pending]: '/images/status/pending.svg',
  [BookingStatus.Confirmed]: '/images/status/confirmed.svg',
  [BookingStatus.Refused]: '/images/status/refused.svg',
  [BookingStatus.Finished]: '/images/status/finished.svg',
  [BookingStatus.Cancelled]: '/images/status/cancelled.svg',
};

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** A Google Calendar "add event" link, in the diner's language: for every platform but iOS (which gets the .ics). */
export function calendarUrlOf(booking: BookingFacts, merchant: MerchantFacts, lang: Lang = 'fr'): string {
  const stamp = (date: Date) =>
    date
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
  const { address, address2, zip, city } = merchant.address;
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: `${merchant.name} (#${booking.ref})`,
    dates: `${stamp(booking.startsAt)}/${stamp(booking.endsAt)}`,
    ctz: merchant.timezone,
    location: [merchant.name, address, address2, `${zip} ${city}`].filter(Boolean).join(', '),
    details: bookingTexts(lang)(booking.clientCount > 1 ? 'calendarLink.details.other' : 'calendarLink.details.one', {
      ref: booking.ref,
      count: booking.clientCount,
      phone: merchant.phone,
    }),
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/** Builds the booking the browser reads. */
export function toBookingView(input: {
  booking: BookingFacts;
  merchant: MerchantFacts;
  zone: { id: string; name: string };
  client: ClientFacts | null;
  lang: Lang;
  now: Date;
}): BookingView {
  const { booking, merchant, zone, client, lang, now } = input;
  const tz = merchant.timezone;
  const localDate = localDateOf(booking.startsAt, tz);
  const status = booking.status as BookingStatusCode | null;
  // A diner's change sent the booking back to the restaurant: its response window starts again from the change.
  const changedAt = isPending(status) && booking.dinerChange ? new Date(booking.dinerChange.at) : null;
  const validatedAt = booking.validatedAt ?? booking.createdAt;
  const waitedSince = changedAt && changedAt > validatedAt ? changedAt : validatedAt;
  const showUnavailableMerchant = isPending(status) && now.getTime() - waitedSince.getTime() > merchant.settings.responseWindowMinutes * 60_000;
  return {
    token: booking.token,
    ref: booking.ref,
    status,
    merchantSlug: merchant.slug,
    bookingForTimestamp: seconds(booking.startsAt),
    bookingForTimestampDay: seconds(startOfLocalDay(localDate, tz)),
    bookingForDate: localDate,
    bookingForLong: formatInZone(booking.startsAt, tz, 'PPPP', localeOf(lang)),
    bookingForHour: localTimeOf(booking.startsAt, tz),
    bookingEndsAtTimestamp: seconds(booking.endsAt),
    clientCount: booking.clientCount,
    bookingZone: { id: zone.id, name: zone.name },
    showZone: merchant.settings.showZone,
    comment: booking.comment,
    calendarUrl: calendarUrlOf(booking, merchant, lang),
    showUnavailableMerchant,
    gif: { path: gifByStatus[status ?? 'draft'] ?? gifByStatus.draft! },
    bookingCancelReason: booking.cancelReason,
    bookingCancelMessage: booking.cancelMessage,
    bookingClient: client
      ? {
          firstname: client.firstname,
          lastname: client.lastname,
          phone: client.phone,
          email: client.email ?? client.anonymousEmail,
          avatar: { path: '/images/avatar.svg' },
        }
      : null,
    holdExpiresAt: status === null && booking.holdExpiresAt ? seconds(booking.holdExpiresAt) : null,
    createdAt: seconds(booking.createdAt),
    revision: booking.revision,
    changeAwaitsAnswer: changedAt !== null,
  };
}
