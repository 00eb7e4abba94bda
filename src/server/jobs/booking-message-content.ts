/**
 * STAND-IN, to be swapped for branch `messages` (src/server/mail/booking-messages/compose.ts): the shapes the dispatch
 * codes against, copied from that interface (names and fields the same), and a placeholder composer that writes no text
 * of its own beyond the kind, reference and link. Once both branches are merged this file becomes re-exports of
 * compose.ts, the merchant's `notifications` and `settings.reminderHours` are read from where that branch stores them,
 * and CONFIRMATION_SMS_AT_VALIDATION turns false with the old confirmation SMS (booking-confirmation-sms.ts) removed.
 */
import type { Lang } from '../../shared/langs.ts';

/** Whether the confirmation SMS still leaves at validation by the old path (server.ts onValidated): the outbox then sends no SMS of its own then. */
export const CONFIRMATION_SMS_AT_VALIDATION = true;

/** What the diner is told. */
export const DINER_MESSAGE_KINDS = [
  'diner-received',
  'diner-confirmed',
  'diner-changed',
  'diner-cancelled-by-restaurant',
  'diner-cancelled-by-diner',
  'diner-reminder',
  'diner-closed-unanswered',
] as const;
/** What the restaurant is told. */
export const RESTAURANT_MESSAGE_KINDS = [
  'restaurant-new-booking',
  'restaurant-diner-changed',
  'restaurant-diner-cancelled',
  'restaurant-answer-reminder',
  'restaurant-next-day',
] as const;
/** A message to the diner. */
export type DinerMessageKind = (typeof DINER_MESSAGE_KINDS)[number];
/** A message to the restaurant. */
export type RestaurantMessageKind = (typeof RESTAURANT_MESSAGE_KINDS)[number];
/** Every message kind. */
export type BookingMessageKind = DinerMessageKind | RestaurantMessageKind;

/** The booking as the messages tell it. */
export interface MessageBooking {
  token: string;
  ref: string;
  revision: number;
  status: number | null;
  startsAt: Date;
  endsAt: Date;
  clientCount: number;
  zoneName?: string;
  comment?: string;
  lang: string;
  cancelReason?: string | null;
  cancelMessage?: string | null;
  diner: { firstname: string; lastname: string; phone?: string | null; email?: string | null };
  previous?: { startsAt: Date; clientCount: number; zoneName?: string };
}

/** The merchant as the messages show it. */
export interface MessageMerchant {
  slug: string;
  name: string;
  timezone: string;
  phone: string;
  url: string;
  address: { address: string; address2: string; zip: string; city: string };
  theme: { primary: string; background: string };
  showZone?: boolean;
  lang?: Lang;
  email?: string;
}

/** Absolute links of a booking. */
export interface MessageLinks {
  tracking: string;
  manage?: string;
  cancel?: string;
  book: string;
  short?: string;
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
  day: string;
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

/** A composed message. */
export interface ComposedMessage {
  email?: { subject: string; text: string; html: string; attachments: MessageAttachment[] };
  sms?: string;
}

/** The links of a booking from the site's origin, its slug, token and (for the diner) manage key. */
export function bookingLinks(siteUrl: string, slug: string, token: string, manageKey?: string): MessageLinks {
  const site = siteUrl.replace(/\/+$/, '');
  const tracking = `${site}/${slug}/booking_complete/${token}`;
  const manage = manageKey ? `${tracking}#manage=${manageKey}` : undefined;
  return { tracking, manage, cancel: manage ? `${manage}&action=cancel` : undefined, book: `${site}/pro/${slug}`, short: `${site}/b/${token}` };
}

/** Whether a kind is addressed to the diner. */
export function isDinerKind(kind: BookingMessageKind): kind is DinerMessageKind {
  return (DINER_MESSAGE_KINDS as readonly string[]).includes(kind);
}

/** Placeholder composer: the kind, the reference (or day) and the link, no sentence (branch `messages` writes those). */
export function composeBookingMessage(input: MessageInput): ComposedMessage {
  const about = input.kind === 'restaurant-next-day' ? `${input.day} (${input.bookings.map((booking) => booking.ref).join(' ')})` : input.booking.ref;
  const link = input.kind === 'restaurant-next-day' ? input.links.book : (input.links.short ?? input.links.tracking);
  const line = `${input.merchant.name}: ${input.kind} ${about} ${link}`;
  return { email: { subject: `${input.merchant.name}: ${input.kind} ${about}`, text: line, html: '', attachments: [] }, sms: line };
}

/**
 * The restaurant's addresses for its messages and their language: `settings.notifications` of its definition, as branch
 * `messages` stores it (merchant-notifications.ts notificationTargets); none until then.
 */
export function restaurantRecipients(merchant: { settings: object }): { emails: string[]; phones: string[]; lang?: Lang } {
  const notifications = (merchant.settings as { notifications?: { email?: string | string[]; phone?: string; lang?: Lang } }).notifications;
  const email = notifications?.email;
  return {
    emails: email === undefined ? [] : typeof email === 'string' ? [email] : [...email],
    phones: notifications?.phone ? [notifications.phone] : [],
    lang: notifications?.lang,
  };
}

/** Hours before a booking its reminders leave (`settings.reminderHours`, default 24 and 2). */
export function reminderHoursOf(settings: object): number[] {
  return (settings as { reminderHours?: number[] }).reminderHours ?? [24, 2];
}
