/** The booking as the browser reads it (spec section 3), built from what is stored. */
import { format } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import { localeOf, type Lang } from './lang.ts';
import { localDateOf, localTimeOf, startOfLocalDay } from './local-time.ts';
import type { BookingStatusCode } from './booking-status.ts';

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

/** The booking fields of spec section 3. */
export interface BookingView {
  token: string;
  ref: string;
  status: BookingStatusCode | null;
  merchantSlug: string;
  bookingForTimestamp: number;
  bookingForTimestampDay: number;
  bookingForDate: string;
  bookingForLong: string;
  bookingForHour: string;
  bookingEndsAtTimestamp: number;
  clientCount: number;
  bookingZone: { id: string; name: string };
  showZone: boolean;
  comment: string;
  calendarUrl: string;
  showUnavailableMerchant: boolean;
  gif: { path: string };
  bookingCancelReason: string | null;
  bookingCancelMessage: string | null;
  bookingClient: {
    firstname: string;
    lastname: string;
    phone: string | null;
    email: string | null;
    avatar: { path: string };
  } | null;
  holdExpiresAt: number | null;
  createdAt: number;
  /** Grows with every write of the booking (UpdateBooking carries it too). */
  revision: number;
}

const gifByStatus: Record<string, string> = {
  draft: '/images/status/draft.svg',
  10: '/images/status/pending.svg',
  20: '/images/status/confirmed.svg',
  25: '/images/status/refused.svg',
  30: '/images/status/finished.svg',
  40: '/images/status/cancelled.svg',
};

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

const calendarDetails: Record<Lang, (ref: string, guests: number, phone: string) => string> = {
  fr: (ref, guests, phone) => `Réservation #${ref} · ${guests} pers. · ${phone}`,
  en: (ref, guests, phone) => `Booking #${ref} · ${guests} ${guests > 1 ? 'guests' : 'guest'} · ${phone}`,
  es: (ref, guests, phone) => `Reserva #${ref} · ${guests} pers. · ${phone}`,
  it: (ref, guests, phone) => `Prenotazione #${ref} · ${guests} pers. · ${phone}`,
};

/** A Google Calendar "add event" link, in the diner's language: for every platform but iOS (which gets the .ics). */
export function calendarUrlOf(booking: BookingFacts, merchant: MerchantFacts, lang: Lang = 'fr'): string {
  const stamp = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const { address, address2, zip, city } = merchant.address;
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: `${merchant.name} (#${booking.ref})`,
    dates: `${stamp(booking.startsAt)}/${stamp(booking.endsAt)}`,
    ctz: merchant.timezone,
    location: [merchant.name, address, address2, `${zip} ${city}`].filter(Boolean).join(', '),
    details: calendarDetails[lang](booking.ref, booking.clientCount, merchant.phone),
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
  const waitedSince = booking.validatedAt ?? booking.createdAt;
  const showUnavailableMerchant =
    status === 10 && now.getTime() - waitedSince.getTime() > merchant.settings.responseWindowMinutes * 60_000;
  return {
    token: booking.token,
    ref: booking.ref,
    status,
    merchantSlug: merchant.slug,
    bookingForTimestamp: seconds(booking.startsAt),
    bookingForTimestampDay: seconds(startOfLocalDay(localDate, tz)),
    bookingForDate: localDate,
    bookingForLong: format(new TZDate(booking.startsAt, tz), 'PPPP', { locale: localeOf(lang) }),
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
  };
}
