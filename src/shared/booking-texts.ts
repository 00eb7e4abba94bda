/**
 * What a diner gets about a booking (src/i18n/messages/{lang}/server-booking.json): the calendar event, the Google
 * Calendar link's details and the confirmation text message. `.one` and `.other` are for a count of one or less and
 * for more than one. Here, not in src/server/i18n, because the server's pure booking view reads it too.
 */
import enBooking from '../i18n/messages/en/server-booking.json' with { type: 'json' };
import esBooking from '../i18n/messages/es/server-booking.json' with { type: 'json' };
import frBooking from '../i18n/messages/fr/server-booking.json' with { type: 'json' };
import itBooking from '../i18n/messages/it/server-booking.json' with { type: 'json' };
import type { Lang } from './langs.ts';
import { textsOf } from './translator.ts';

const booking: Record<Lang, typeof frBooking> = { fr: frBooking, en: enBooking, es: esBooking, it: itBooking };

/** The booking's texts in a language: bookingTexts(lang)(key, vars). */
export const bookingTexts = textsOf(booking);
