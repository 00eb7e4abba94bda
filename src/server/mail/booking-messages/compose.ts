/**
 * The messages about a booking: one kind per change, to the diner or to the restaurant, each composed as an
 * email (text, HTML, .ics) and a text message by a pure function of the booking, the merchant and the links.
 */
import {
  DINER_MESSAGE_KINDS,
  type BookingMessageKind,
  type ComposedMessage,
  type DinerMessageKind,
  type MessageInput,
  type MessageLinks,
} from './message-input.ts';
import { dinerMessage } from './diner-messages.ts';
import { nextDayMessage, restaurantMessage } from './restaurant-messages.ts';

export * from './message-input.ts';
export { messageBookingOf } from './message-booking.ts';
export { messageMerchantOf } from './message-merchant.ts';
export { SMS_WITH_MANAGE_KEY } from './diner-messages.ts';

/** The links of a booking from the site's origin, its slug, token and (for the diner) manage key. */
export function bookingLinks(siteUrl: string, slug: string, token: string, manageKey?: string): MessageLinks {
  const site = siteUrl.replace(/\/+$/, '');
  const tracking = `${site}/${slug}/booking_complete/${token}`;
  const manage = manageKey ? `${tracking}#manage=${manageKey}` : undefined;
  const short = `${site}/b/${token}`;
  return {
    tracking,
    manage,
    cancel: manage ? `${manage}&action=cancel` : undefined,
    book: `${site}/pro/${slug}`,
    short,
    shortManage: manageKey ? `${short}#manage=${manageKey}` : undefined,
    shortCancel: manageKey ? `${short}#manage=${manageKey}&action=cancel` : undefined,
  };
}

/** Composes the message of a kind: email and SMS, in the diner's language (the restaurant's for its own kinds). */
export function composeBookingMessage(input: MessageInput): ComposedMessage {
  if (input.kind === 'restaurant-next-day') return nextDayMessage(input);
  if (isDinerKind(input.kind)) return dinerMessage({ ...input, kind: input.kind });
  return restaurantMessage({ ...input, kind: input.kind });
}

/** Whether a kind is addressed to the diner. */
export function isDinerKind(kind: BookingMessageKind): kind is DinerMessageKind {
  return (DINER_MESSAGE_KINDS as readonly string[]).includes(kind);
}
