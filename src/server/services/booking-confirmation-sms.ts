/** The text message a diner receives once their booking is validated. */
import { format } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import { isLang, localeOf, type Lang } from '../domain/lang.ts';

const templates: Record<Lang, (v: { name: string; when: string; guests: number; ref: string; pending: boolean; url: string }) => string> = {
  fr: (v) =>
    `${v.name} : ${v.pending ? 'demande de réservation reçue' : 'réservation confirmée'} pour ${v.guests} pers. le ${v.when} (#${v.ref}). ${v.pending ? 'Le restaurant va la confirmer. ' : ''}Suivi : ${v.url}`,
  en: (v) =>
    `${v.name}: ${v.pending ? 'booking request received' : 'booking confirmed'} for ${v.guests} on ${v.when} (#${v.ref}). ${v.pending ? 'The restaurant will confirm it. ' : ''}Follow it: ${v.url}`,
  es: (v) =>
    `${v.name}: ${v.pending ? 'solicitud de reserva recibida' : 'reserva confirmada'} para ${v.guests} el ${v.when} (#${v.ref}). ${v.pending ? 'El restaurante la confirmará. ' : ''}Seguimiento: ${v.url}`,
  it: (v) =>
    `${v.name}: ${v.pending ? 'richiesta di prenotazione ricevuta' : 'prenotazione confermata'} per ${v.guests} il ${v.when} (#${v.ref}). ${v.pending ? 'Il ristorante la confermerà. ' : ''}Segui: ${v.url}`,
};

/** The confirmation text of a validated booking, in the diner's language, with its tracking link. */
export function bookingConfirmationText(
  booking: { token: string; ref: string; status: number | null; startsAt: Date; clientCount: number; lang: string },
  merchant: { name: string; slug: string; timezone: string },
  siteUrl: string,
): string {
  const lang: Lang = isLang(booking.lang) ? booking.lang : 'fr';
  const when = format(new TZDate(booking.startsAt, merchant.timezone), 'PPp', { locale: localeOf(lang) });
  const url = `${siteUrl.replace(/\/$/, '')}/${merchant.slug}/booking_complete/${booking.token}`;
  return templates[lang]({ name: merchant.name, when, guests: booking.clientCount, ref: booking.ref, pending: booking.status === 10, url });
}
