/** The text message a diner receives once their booking is validated (server-booking.json). */
import { format } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import { localeOf } from '../domain/lang.ts';
import { isLang, type Lang } from '../../shared/langs.ts';
import { bookingTexts } from '../i18n/server-texts.ts';

/**
 * The confirmation text of a validated booking, in the diner's language, with its manage link: the tracking page
 * and, in the fragment (never sent to a server, so in no log nor Referer), the manage key that opens it as its owner.
 */
export function bookingConfirmationText(
  booking: { token: string; manageKey: string; ref: string; status: number | null; startsAt: Date; clientCount: number; lang: string },
  merchant: { name: string; slug: string; timezone: string },
  siteUrl: string,
): string {
  const lang: Lang = isLang(booking.lang) ? booking.lang : 'fr';
  const when = format(new TZDate(booking.startsAt, merchant.timezone), 'PPp', { locale: localeOf(lang) });
  const url = `${siteUrl.replace(/\/$/, '')}/${merchant.slug}/booking_complete/${booking.token}#manage=${booking.manageKey}`;
  const key = booking.status === 10 ? 'confirmationSms.pending' : 'confirmationSms.confirmed';
  return bookingTexts(lang)(key, { name: merchant.name, when, guests: booking.clientCount, ref: booking.ref, url });
}
