/**
 * What the dispatch sends, from the message builders (src/server/mail/booking-messages/compose.ts) and the merchant's
 * stored settings (src/server/domain/merchant-notifications.ts): re-exported here so the jobs import one place.
 */
import type { Lang } from '../../shared/langs.ts';
import { notificationTargets } from '../domain/merchant-notifications.ts';
import type { MerchantSettingsValue } from '../domain/merchant-floor.ts';

export {
  bookingLinks,
  composeBookingMessage,
  isDinerKind,
  messageMerchantOf,
  DINER_MESSAGE_KINDS,
  RESTAURANT_MESSAGE_KINDS,
  type BookingMessageKind,
  type ComposedMessage,
  type DinerMessageKind,
  type MessageBooking,
  type MessageInput,
  type MessageMerchant,
  type RestaurantMessageKind,
} from '../mail/booking-messages/compose.ts';
export { notificationTargets, reminderHoursOf } from '../domain/merchant-notifications.ts';

/** The restaurant's addresses for its messages and their language: `settings.notifications` of its definition. */
export function restaurantRecipients(merchant: { settings: Pick<MerchantSettingsValue, 'notifications'> }): { emails: string[]; phones: string[]; lang: Lang } {
  const targets = notificationTargets(merchant.settings);
  return { emails: targets.emails, phones: targets.phone ? [targets.phone] : [], lang: targets.lang };
}
