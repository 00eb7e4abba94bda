/** The messages to the restaurant: a booking to confirm, the diner's changes, reminders and the evening list. */
import { BookingStatus } from '../../../shared/booking-status.ts';
import { isolatedName } from '../../../shared/isolated-name.ts';
import type { Lang } from '../../../shared/langs.ts';
import { localDateOf } from '../../../shared/local-time.ts';
import { messageTexts } from '../../i18n/server-texts.ts';
import { bookingEmail, type EmailFact } from './booking-email.ts';
import { fitSms } from './fit-sms.ts';
import { longDay, messageWhen } from './message-dates.ts';
import { bookingFacts, dinerName, guests, oneLineSubject } from './message-facts.ts';
import type { BookingMessageInput, ComposedMessage, MessageMerchant, NextDayMessageInput, RestaurantMessageKind } from './message-input.ts';

/** Each kind's texts in server-messages.json (restaurant.*). */
const TEXTS = {
  'restaurant-new-booking': 'newBooking',
  'restaurant-diner-changed': 'dinerChanged',
  'restaurant-diner-cancelled': 'dinerCancelled',
  'restaurant-answer-reminder': 'answerReminder',
} as const satisfies Record<Exclude<RestaurantMessageKind, 'restaurant-next-day'>, string>;

/** The merchant's language for its own messages. */
const langOf = (merchant: MessageMerchant): Lang => merchant.lang ?? 'fr';

/** The merchant's name and colours for the mail's frame. */
const brandOf = (merchant: MessageMerchant) => ({ name: merchant.name, primary: merchant.theme.primary, background: merchant.theme.background });

/**
 * The book opened on the booking's day with the booking in view (`booking`), its confirm dialog ready when it awaits
 * an answer (`action=confirm`); the book asks staff to sign in first when needed and comes back here.
 */
export function bookingInBook(book: string, booking: { token: string; startsAt: Date | string; status: number | null }, timezone: string): string {
  const day = localDateOf(new Date(booking.startsAt), timezone);
  const confirm = booking.status === BookingStatus.Pending ? '&action=confirm' : '';
  return `${book}?day=${day}&booking=${encodeURIComponent(booking.token)}${confirm}`;
}

/** The message of a restaurant's kind about one booking. */
export function restaurantMessage(input: BookingMessageInput & { kind: Exclude<RestaurantMessageKind, 'restaurant-next-day'> }): ComposedMessage {
  const { kind, booking, merchant, links } = input;
  const lang = langOf(merchant);
  const t = messageTexts(lang);
  // The diner's change of a booking that now waits for the restaurant's answer says so.
  const key = kind === 'restaurant-diner-changed' && booking.status === BookingStatus.Pending ? 'dinerChangedPending' : TEXTS[kind];
  const when = messageWhen(booking.startsAt, merchant.timezone, lang);
  const diner = dinerName(booking) || '-';
  const subject = oneLineSubject(t(`restaurant.${key}.subject`, { diner, when: when.short }));
  const contact: EmailFact[] = [
    { label: t('facts.name'), value: diner },
    ...(booking.diner.phone ? [{ label: t('facts.phone'), value: booking.diner.phone }] : []),
    ...(booking.diner.email ? [{ label: t('facts.email'), value: booking.diner.email }] : []),
  ];
  const comment = booking.comment?.trim();
  const inBook = bookingInBook(links.book, booking, merchant.timezone);
  const pending = booking.status === BookingStatus.Pending;
  const email = bookingEmail({
    lang,
    brand: brandOf(merchant),
    subject,
    greeting: t('greeting.anonymous'),
    paragraphs: [t(`restaurant.${key}.lead`)],
    facts: [...contact, ...bookingFacts(booking, merchant, lang, { zone: true }), ...(comment ? [{ label: t('facts.comment'), value: comment }] : [])],
    actions: [{ href: inBook, label: t(pending ? 'actions.confirm' : 'actions.bookDay'), filled: true }],
    footer: [],
    attachments: [],
  });
  const sms = fitSms((values) => t(`restaurant.${key}.sms`, values), { diner, when: when.short, party: booking.clientCount, url: links.book }, ['diner']);
  return { email, sms };
}

/** The evening list of the next day's bookings, by time. */
export function nextDayMessage(input: NextDayMessageInput): ComposedMessage {
  const { merchant, links } = input;
  const lang = langOf(merchant);
  const t = messageTexts(lang);
  const day = longDay(input.day, lang);
  const bookings = [...input.bookings].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const covers = bookings.reduce((sum, booking) => sum + booking.clientCount, 0);
  const vars = { name: isolatedName(merchant.name), day, count: bookings.length, covers };
  const rows = bookings.map((booking) => [
    messageWhen(booking.startsAt, merchant.timezone, lang).time,
    dinerName(booking) || '-',
    guests(lang, booking.clientCount),
    booking.zoneName ?? '',
    booking.diner.phone ?? '',
    `#${booking.ref}`,
    booking.status === BookingStatus.Pending ? t('restaurant.nextDay.pending') : '',
  ]);
  const email = bookingEmail({
    lang,
    brand: brandOf(merchant),
    subject: oneLineSubject(t('restaurant.nextDay.subject', vars)),
    greeting: t('greeting.anonymous'),
    paragraphs: [bookings.length > 0 ? t('restaurant.nextDay.lead', vars) : t('restaurant.nextDay.empty', vars)],
    facts: [],
    rows,
    actions: [{ href: links.book, label: t('actions.book'), filled: true }],
    footer: [],
    attachments: [],
  });
  const sms = fitSms((values) => t('restaurant.nextDay.sms', values), { ...vars, url: links.book }, ['name']);
  return { email, sms };
}
