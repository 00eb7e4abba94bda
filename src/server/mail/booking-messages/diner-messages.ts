/** The messages to the diner about their booking: email with .ics and JSON-LD, and a text message. */
import { BookingStatus } from '../../../shared/booking-status.ts';
import { isolatedName } from '../../../shared/isolated-name.ts';
import { merchantTextIn } from '../../../shared/merchant-text.ts';
import { messageTexts } from '../../i18n/server-texts.ts';
import { bookingIcs, type IcsScheduling } from '../booking-ics.ts';
import { bookingEmail, type EmailParts } from './booking-email.ts';
import { fitSms } from './fit-sms.ts';
import { messageWhen } from './message-dates.ts';
import { addressLine, bookingFacts, dinerLang, dinerName, oneLineSubject } from './message-facts.ts';
import type { BookingMessageInput, ComposedMessage, DinerMessageKind } from './message-input.ts';
import { reservationJsonLd, type ReservationStatus } from './reservation-json-ld.ts';

/** Each kind's texts in server-messages.json (diner.*). */
const TEXTS = {
  'diner-received': 'received',
  'diner-confirmed': 'confirmed',
  'diner-changed': 'changed',
  'diner-cancelled-by-restaurant': 'cancelledByRestaurant',
  'diner-cancelled-by-diner': 'cancelledByDiner',
  'diner-reminder': 'reminder',
  'diner-closed-unanswered': 'closedUnanswered',
} as const satisfies Record<DinerMessageKind, string>;

/** The kinds that end the booking: their .ics withdraws the event. */
const ENDINGS: ReadonlySet<DinerMessageKind> = new Set(['diner-cancelled-by-restaurant', 'diner-cancelled-by-diner', 'diner-closed-unanswered']);

/**
 * The diner's text messages that invite them to act on a coming booking (change it, cancel it), which carry the manage
 * link (the key in the short address's fragment): how the diner acts from any device, a phone booking's diner included
 * (docs/security.md). The key makes them two segments where others take one. The reminder's link opens the cancel.
 */
export const SMS_WITH_MANAGE_KEY: ReadonlySet<DinerMessageKind> = new Set(['diner-received', 'diner-confirmed', 'diner-changed', 'diner-reminder']);

/** The reasons a restaurant gives, which have a sentence of their own. */
const REASONS = ['restaurant_full', 'restaurant_closed', 'restaurant_cancelled'] as const;

/** The message of a diner's kind. */
export function dinerMessage(input: BookingMessageInput & { kind: DinerMessageKind }): ComposedMessage {
  const { kind, booking, merchant, links } = input;
  const lang = dinerLang(booking);
  const t = messageTexts(lang);
  const ending = ENDINGS.has(kind);
  const pending = booking.status === BookingStatus.Pending;
  // A change that sent the booking back to the restaurant says it awaits its answer.
  const key = kind === 'diner-changed' && pending ? 'changedPending' : TEXTS[kind];
  const when = messageWhen(booking.startsAt, merchant.timezone, lang);
  // Names are hostile text: their direction is isolated from the sentence they are printed in.
  const shownName = isolatedName(merchant.name);
  const vars = { name: shownName, phone: merchant.phone };
  const subject = oneLineSubject(t(`diner.${key}.subject`, vars));
  // The restaurant's own booking text, in the diner's language (else its first): plain text, escaped by bookingEmail.
  const bookingText = merchantTextIn(merchant.bookingDescription, lang).trim();
  const brand = { name: merchant.name, primary: merchant.theme.primary, background: merchant.theme.background };

  const reason = REASONS.find((code) => code === booking.cancelReason);
  const message = booking.cancelMessage?.trim();
  const notice: EmailParts['notice'] =
    kind === 'diner-cancelled-by-restaurant' && (reason || message)
      ? { lines: reason ? [t(`reasons.${reason}`)] : [], quote: message ? { label: t('common.restaurantMessage'), text: message } : undefined }
      : undefined;

  const actions: EmailParts['actions'] = [];
  if (ending) actions.push({ href: links.tracking, label: t('actions.track'), filled: true });
  else
    actions.push(
      links.manage ? { href: links.manage, label: t('actions.manage'), filled: true } : { href: links.tracking, label: t('actions.track'), filled: true },
    );
  if (kind === 'diner-reminder' && links.cancel) actions.push({ href: links.cancel, label: t('actions.cancel'), filled: false });

  const status: ReservationStatus = ending ? 'ReservationCancelled' : pending ? 'ReservationPending' : 'ReservationConfirmed';
  const attachIcs = kind !== 'diner-reminder';
  const scheduling: IcsScheduling = {
    method: ending ? 'CANCEL' : 'REQUEST',
    sequence: booking.revision,
    tentative: pending,
    organizer: { name: merchant.name, email: merchant.email ?? `no-reply@${new URL(links.tracking).hostname}` },
    attendee: booking.diner.email ? { name: dinerName(booking) || booking.diner.email, email: booking.diner.email } : undefined,
  };
  const ics = attachIcs ? bookingIcs(booking, merchant, merchant.showZone === false ? undefined : booking.zoneName, lang, scheduling) : undefined;

  const footer = [
    `${shownName} · ${addressLine(merchant)} · ${merchant.phone}`,
    ...(kind === 'diner-closed-unanswered' ? [] : [t('common.callUs', { phone: merchant.phone })]),
    ...(ics && !ending ? [t('common.calendar')] : []),
    ...(links.manage && !ending ? [t('common.linkWorks')] : []),
  ];

  const email = bookingEmail({
    lang,
    brand,
    subject,
    greeting: booking.diner.firstname.trim() ? t('greeting.named', { name: isolatedName(booking.diner.firstname.trim()) }) : t('greeting.anonymous'),
    paragraphs: [t(`diner.${key}.lead`, vars), ...(ending || !bookingText ? [] : [bookingText])],
    notice,
    facts: bookingFacts(booking, merchant, lang, { zone: merchant.showZone !== false }),
    actions,
    footer,
    jsonLd: reservationJsonLd(booking, merchant, links, status),
    attachments: ics
      ? [{ filename: `booking-${booking.ref}.ics`, content: ics, contentType: `text/calendar; charset=utf-8; method=${scheduling.method}` }]
      : [],
  });

  const keyed = !SMS_WITH_MANAGE_KEY.has(kind) ? undefined : kind === 'diner-reminder' ? links.shortCancel : links.shortManage;
  const withKey = keyed !== undefined;
  const sms = fitSms(
    (values) => t(`diner.${key}.sms`, values),
    {
      name: shownName,
      when: when.short,
      party: booking.clientCount,
      phone: merchant.phone,
      url: keyed ?? links.short ?? links.tracking,
    },
    ['name'],
    withKey ? 2 : 1,
  );
  // White label: the diner's mail comes from the restaurant, by name (the mailer encodes it).
  return { email: { ...email, fromName: merchant.name }, sms };
}
