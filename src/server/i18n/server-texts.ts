/**
 * The server's texts in every language, one catalogue per language and part in src/i18n/messages/{lang}/server-*.json
 * (beside the site's parts, which never import these). Typed by the French files: a key missing in another language
 * fails tsc here.
 */
import enFields from '../../i18n/messages/en/server-fields.json' with { type: 'json' };
import esFields from '../../i18n/messages/es/server-fields.json' with { type: 'json' };
import frFields from '../../i18n/messages/fr/server-fields.json' with { type: 'json' };
import itFields from '../../i18n/messages/it/server-fields.json' with { type: 'json' };
import enMail from '../../i18n/messages/en/server-mail.json' with { type: 'json' };
import esMail from '../../i18n/messages/es/server-mail.json' with { type: 'json' };
import frMail from '../../i18n/messages/fr/server-mail.json' with { type: 'json' };
import itMail from '../../i18n/messages/it/server-mail.json' with { type: 'json' };
import enMessages from '../../i18n/messages/en/server-messages.json' with { type: 'json' };
import esMessages from '../../i18n/messages/es/server-messages.json' with { type: 'json' };
import frMessages from '../../i18n/messages/fr/server-messages.json' with { type: 'json' };
import itMessages from '../../i18n/messages/it/server-messages.json' with { type: 'json' };
import enPages from '../../i18n/messages/en/server-pages.json' with { type: 'json' };
import esPages from '../../i18n/messages/es/server-pages.json' with { type: 'json' };
import frPages from '../../i18n/messages/fr/server-pages.json' with { type: 'json' };
import itPages from '../../i18n/messages/it/server-pages.json' with { type: 'json' };
import type { Lang } from '../../shared/langs.ts';
import { textsOf } from '../../shared/translator.ts';

const fields: Record<Lang, typeof frFields> = { fr: frFields, en: enFields, es: esFields, it: itFields };
const mail: Record<Lang, typeof frMail> = { fr: frMail, en: enMail, es: esMail, it: itMail };
const messages: Record<Lang, typeof frMessages> = { fr: frMessages, en: enMessages, es: esMessages, it: itMessages };
const pages: Record<Lang, typeof frPages> = { fr: frPages, en: enPages, es: esPages, it: itPages };

/** The booking's texts (server-booking.json), which the pure booking view reads too: kept in src/shared. */
export { bookingTexts } from '../../shared/booking-texts.ts';

/** What register, user/update and the reset page show under a field (server-fields.json), by problem code: fieldTexts(lang)(code). */
export const fieldTexts = textsOf(fields);

/** The pages the server renders itself, the reset-password page (server-pages.json), and each language's own name. */
export const pageTexts = textsOf(pages);

/** The account mails (server-mail.json): a greeting they share, then each mail's own texts. */
export const mailTexts = textsOf(mail);

/** The messages about a booking (server-messages.json): to the diner and to the restaurant, by email and text message. */
export const messageTexts = textsOf(messages);
