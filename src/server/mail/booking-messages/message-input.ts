/** What the booking messages are made of: their kinds, the booking, merchant and links they tell, and what they compose to. */
import type { MerchantText } from '../../../shared/merchant-text.ts';
import type { Lang } from '../../../shared/langs.ts';

/** What the diner is told, one kind per row of docs/messages.md's table. */
export const DINER_MESSAGE_KINDS = [
  /** Validated and pending (10): received, the restaurant will confirm. */
  'diner-received',
  /** Confirmed (20), at once or by the restaurant. */
  'diner-confirmed',
  /** Changed by either side: the new time, party and zone. */
  'diner-changed',
  /** Refused or cancelled by the restaurant (25): the reason and the restaurant's message. */
  'diner-cancelled-by-restaurant',
  /** Cancelled by the diner (40): cancellation noted. */
  'diner-cancelled-by-diner',
  /** Before the booking (settings.reminderHours): a reminder with a one-tap cancel link. */
  'diner-reminder',
  /** Still pending when its time came: closed (25) unanswered, with the merchant's phone. */
  'diner-closed-unanswered',
] as const;

/** What the restaurant is told (at `notifications.email` / `notifications.phone` of its definition). */
export const RESTAURANT_MESSAGE_KINDS = [
  /** Validated and pending (10): a new booking to confirm, with a link to the book. */
  'restaurant-new-booking',
  /** The diner changed their booking. */
  'restaurant-diner-changed',
  /** The diner cancelled their booking. */
  'restaurant-diner-cancelled',
  /** Still pending at half the response window: answer it. */
  'restaurant-answer-reminder',
  /** Each evening: the next day's bookings. */
  'restaurant-next-day',
] as const;

/** A message to the diner. */
export type DinerMessageKind = (typeof DINER_MESSAGE_KINDS)[number];
/** A message to the restaurant. */
export type RestaurantMessageKind = (typeof RESTAURANT_MESSAGE_KINDS)[number];
/** Every message kind. */
export type BookingMessageKind = DinerMessageKind | RestaurantMessageKind;

/** The booking as the messages tell it (a row of `bookings` with its zone's name and its diner). */
export interface MessageBooking {
  token: string;
  ref: string;
  /** `bookings.revision`: part of the outbox key, and the .ics SEQUENCE (a cancellation's is higher than the request's). */
  revision: number;
  /** 10, 20, 25, 30, 40 (src/shared/booking-status.ts). */
  status: number | null;
  startsAt: Date;
  endsAt: Date;
  clientCount: number;
  /** The zone's name, shown when the merchant shows zones (settings.showZone). */
  zoneName?: string;
  /** The diner's comment (hostile text). */
  comment?: string;
  /** The language the diner booked in (`bookings.lang`); anything but fr, en, es, it reads as French. */
  lang: string;
  /** `bookings.cancel_reason` for the cancelled and refused kinds: restaurant_full, restaurant_closed, restaurant_cancelled, client_cancel, restaurant_no_answer. */
  cancelReason?: string | null;
  /** `bookings.cancel_message`: the restaurant's own words (hostile text). */
  cancelMessage?: string | null;
  /** Who booked (hostile text). */
  diner: { firstname: string; lastname: string; phone?: string | null; email?: string | null };
  /** For diner-changed: what it was before, when known (the message then says what changed). */
  previous?: { startsAt: Date; clientCount: number; zoneName?: string };
}

/** The merchant as the messages show it (a row of `merchants`). */
export interface MessageMerchant {
  slug: string;
  name: string;
  timezone: string;
  /** E.164. */
  phone: string;
  url: string;
  /** `country` (ISO 3166-1 alpha-2) and `region` when the definition gives them (the country else comes from the phone). */
  address: { address: string; address2: string; zip: string; city: string; country?: string; region?: string };
  /** The definition's theme (#rgb or #rrggbb; anything else falls back to the default colours). */
  theme: { primary: string; background: string };
  /** settings.showZone: whether the zone's name is shown to the diner. */
  showZone?: boolean;
  /** The language of the restaurant's own messages (`notifications.lang`, default French). */
  lang?: Lang;
  /** The restaurant's first `notifications.email`: the .ics ORGANIZER (else no-reply at the site's host). */
  email?: string;
  /** The definition's bookingDescription (one text, or one per language): the diner's mails quote it in their language. */
  bookingDescription?: MerchantText;
}

/**
 * Absolute links (bookingLinks builds them from the site's origin). The diner's messages may carry the manage link,
 * as the confirmation SMS does (docs/security.md: the key rides only in the fragment); the restaurant's never do.
 */
export interface MessageLinks {
  /** The view link: `{site}/{slug}/booking_complete/{token}`. */
  tracking: string;
  /** The manage link: the view link plus `#manage={key}`, when the key is known. */
  manage?: string;
  /** The reminder's one-tap cancel: the manage link plus `&action=cancel` (the page asks before it cancels). */
  cancel?: string;
  /** The restaurant's book: `{site}/pro/{slug}`. */
  book: string;
  /** The short tracking address for text messages, `{site}/b/{token}` (redirected to the tracking page); else `tracking`. */
  short?: string;
  /** The short address with the manage key in its fragment, `{site}/b/{token}#manage={key}` (the redirect keeps the fragment). */
  shortManage?: string;
  /** The short address with the one-tap cancel in its fragment, `{site}/b/{token}#manage={key}&action=cancel`: the reminder's text message. */
  shortCancel?: string;
}

/** The input of a message about one booking. */
export interface BookingMessageInput {
  kind: Exclude<BookingMessageKind, 'restaurant-next-day'>;
  booking: MessageBooking;
  merchant: MessageMerchant;
  links: MessageLinks;
}

/** The input of the restaurant's evening list. */
export interface NextDayMessageInput {
  kind: 'restaurant-next-day';
  merchant: MessageMerchant;
  /** The merchant-local day listed, YYYY-MM-DD. */
  day: string;
  /** That day's pending and confirmed bookings, by time (their `lang` is ignored: the list is in the merchant's). */
  bookings: MessageBooking[];
  links: Pick<MessageLinks, 'book'>;
}

/** What any builder takes. */
export type MessageInput = BookingMessageInput | NextDayMessageInput;

/** A file attached to an email (the .ics). */
export interface MessageAttachment {
  filename: string;
  content: string;
  contentType: string;
}

/** A composed message: the email and the text message it may go as (either absent when the kind has none). */
export interface ComposedMessage {
  /** `fromName`: the sender's display name, the restaurant's on its diners' mail (else the provider's MAIL_FROM). */
  email?: { subject: string; text: string; html: string; attachments: MessageAttachment[]; fromName?: string };
  sms?: string;
}
