/** The mail a guest gets with the code that proves a new session on their booking is theirs (server-mail.json). */
import type { Lang } from '../../../shared/langs.ts';
import { bookingTexts, mailTexts } from '../../i18n/server-texts.ts';
import { fitSms } from '../booking-messages/fit-sms.ts';
import { escapeHtml } from '../../pages/escape-html.ts';
import { mailColours, mailHtml, type MailBrand } from './mail-layout.ts';

/** What the mail says. */
export interface IdentityCodeInput {
  lang: Lang;
  /** The guest's own first name, as stored (never the one typed into the form). */
  firstname: string;
  /** The restaurant's name and colours. */
  brand: MailBrand;
  ref: string;
  code: string;
  validMinutes: number;
}

/** The mail: subject, plain text and HTML. */
export function identityCodeMessage(input: IdentityCodeInput): { subject: string; text: string; html: string } {
  const brand = input.brand.name;
  const t = mailTexts(input.lang);
  const vars = { brand, ref: input.ref, minutes: input.validMinutes };
  const greeting = input.firstname ? t('greeting.named', { name: input.firstname }) : t('greeting.anonymous');
  const [subject, asked, code, notYou] = [
    t('identityCode.subject', vars),
    t('identityCode.asked', vars),
    t('identityCode.code', vars),
    t('identityCode.notYou'),
  ];
  const text = [greeting, '', asked, '', `${code} ${input.code}`, '', notYou, '', brand, ''].join('\n');
  const e = escapeHtml;
  const card = [
    `<p style="margin:0 0 12px">${e(greeting)}</p>`,
    `<p style="margin:0 0 12px">${e(asked)}</p>`,
    `<p style="margin:0 0 8px">${e(code)}</p>`,
    `<p style="margin:0 0 20px;font-size:28px;font-weight:700;letter-spacing:6px">${e(input.code)}</p>`,
    `<p style="margin:0;font-size:14px;color:#57534e">${e(notYou)}</p>`,
  ].join('\n');
  return { subject, text, html: mailHtml({ lang: input.lang, title: subject, brand, colours: mailColours(input.brand), card }) };
}

/** What the identity-code text message says. */
export interface IdentityCodeSmsInput {
  lang: Lang;
  /** The restaurant's name (shortened if need be). */
  name: string;
  ref: string;
  code: string;
  minutes: number;
}

/** The identity code's text message, spelt in GSM-7 like every other text message so it takes at most two segments in any language. */
export function identityCodeSms(input: IdentityCodeSmsInput): string {
  const t = bookingTexts(input.lang);
  return fitSms((values) => t('identityCodeSms', values), { name: input.name, ref: input.ref, code: input.code, minutes: input.minutes }, ['name'], 2);
}
