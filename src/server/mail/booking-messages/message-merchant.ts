/** A stored merchant as the booking messages show it: its name, address, phone, colours, booking text, and its messages' language. */
import type { Merchant } from '../../domain/merchant-floor.ts';
import { notificationTargets } from '../../domain/merchant-notifications.ts';
import type { MessageMerchant } from './message-input.ts';

/** The MessageMerchant of a merchant row. */
export function messageMerchantOf(merchant: Merchant): MessageMerchant {
  const targets = notificationTargets(merchant.settings);
  return {
    slug: merchant.slug,
    name: merchant.name,
    timezone: merchant.timezone,
    phone: merchant.phone,
    url: merchant.url,
    address: merchant.address,
    theme: { primary: merchant.themePrimary, background: merchant.themeBackground },
    showZone: merchant.settings.showZone,
    lang: targets.lang,
    ...(targets.emails[0] ? { email: targets.emails[0] } : {}),
    bookingDescription: merchant.bookingDescription,
  };
}
