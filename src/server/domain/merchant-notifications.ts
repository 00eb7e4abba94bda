/** Where a restaurant's own messages go and when its diners are reminded, read from its stored settings. */
import { DEFAULT_REMINDER_HOURS } from './merchant-definition.ts';
import type { MerchantSettingsValue } from './merchant-floor.ts';
import type { Lang } from '../../shared/langs.ts';

/** The restaurant's message addresses: none, one or more emails, maybe a phone, and the language to write in. */
export interface NotificationTargets {
  emails: string[];
  phone?: string;
  lang: Lang;
}

/** The restaurant's targets (empty when its definition names none: it is then told nothing). */
export function notificationTargets(settings: Pick<MerchantSettingsValue, 'notifications'>): NotificationTargets {
  const { email, phone, lang = 'fr' } = settings.notifications ?? {};
  return { emails: email === undefined ? [] : typeof email === 'string' ? [email] : [...email], ...(phone ? { phone } : {}), lang };
}

/** Hours before a booking the diner is reminded, latest last ([24, 2] when the merchant predates the setting). */
export function reminderHoursOf(settings: Pick<MerchantSettingsValue, 'reminderHours'>): number[] {
  return [...(settings.reminderHours ?? DEFAULT_REMINDER_HOURS)];
}

/**
 * The moments a booking's reminders are due: each setting's hours before its start, leaving out those already past
 * when it was made (a booking made 3 hours ahead gets the 2-hour reminder, not the 24-hour one).
 */
export function reminderTimes(startsAt: Date, madeAt: Date, hours: readonly number[]): Date[] {
  return hours.map((h) => new Date(startsAt.getTime() - h * 3_600_000)).filter((at) => at.getTime() > madeAt.getTime());
}
