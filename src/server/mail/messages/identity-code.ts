/** The mail a guest gets with the code that proves a new session on their booking is theirs (server-mail.json). */
import type { Lang } from '../../../shared/langs.ts';
import { bookingTexts, mailTexts } from '../../i18n/server-texts.ts';
import { fitSms } from '../booking-messages/fit-sms.ts';
import { escapeHtml } from '../../../shared/escape-html.ts';
import { mailColours, mailHtml, type MailBrand } from './mail-layout.ts';

/** What the mail says. */
export interface IdentityCodeInput {
  lang: Lang;
  /** The guest's own first name, as stored (never the one typed into the form). */
  firstname: string;
  /** The restaurant's name and colours. */
  brand: MailBrand;
  /** The booking the code takes up again; none for a code that attaches guest bookings to an account. */
  ref: string;
  code: string;
  validMinutes: number;
  /** takeUp (default): a new session on a guest's booking; attach: the guest bookings of the account's email. */
  purpose?: 'takeUp' | 'attach';
}

/** The mail: subject, plain text and HTML. */
export function identityCodeMessage(input: IdentityCodeInput): { subject: string; text: string; html: string } {
  const brand = input.brand.name;
  const t = mailTexts(input.lang);
  const vars = { brand, ref: input.ref, minutes: input.validMinutes };
  const greeting = input.firstname ? t('greeting.named', { name: input.firstname }) : t('greeting.anonymous');
  const key = input.purpose === 'attach' ? 'attachCode' : 'identityCode';
  const [subject, asked, code, notYou] = [t(`${key}.subject`, vars), t(`${key}.asked`, vars), t(`${key}.code`, vars), t(`${key}.notYou`)];
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
  purpose?: 'takeUp' | 'attach';
}

/** The identity code's text message, spelt in GSM-7 like every other text message so it takes at most two segments in any language. */
export function identityCodeSms(input: IdentityCodeSmsInput): string {
  const t = bookingTexts(input.lang);
  const key = input.purpose === 'attach' ? 'attachCodeSms' : 'identityCodeSms';
  return fitSms((values) => t(key, values), { name: input.name, ref: input.ref, code: input.code, minutes: input.minutes }, ['name'], 2);
}
