/**
 * The password-reset mail in the diner's language (server-mail.json): plain text and HTML, in the merchant's colours
 * when one is involved.
 */
import type { Lang } from '../../../shared/langs.ts';
import { mailTexts } from '../../i18n/server-texts.ts';
import { escapeHtml } from '../../../shared/escape-html.ts';
import { mailButton, mailColours, mailHtml, type MailBrand } from './mail-layout.ts';

/** What the reset mail says. */
export interface PasswordResetInput {
  lang: Lang;
  link: string;
  firstname: string;
  brand: MailBrand;
  validMinutes: number;
}

/** The reset mail: subject, plain text and HTML. */
export function passwordResetMessage(input: PasswordResetInput): { subject: string; text: string; html: string } {
  const brand = input.brand.name;
  const t = mailTexts(input.lang);
  const greeting = input.firstname ? t('greeting.named', { name: input.firstname }) : t('greeting.anonymous');
  const subject = t('passwordReset.subject', { brand });
  const asked = t('passwordReset.asked', { brand });
  const open = t('passwordReset.open', { minutes: input.validMinutes });
  const once = t('passwordReset.once');
  const colours = mailColours(input.brand);
  const text = [greeting, '', asked, open, input.link, '', once, '', brand, ''].join('\n');
  const e = escapeHtml;
  const card = [
    `<p style="margin:0 0 12px">${e(greeting)}</p>`,
    `<p style="margin:0 0 12px">${e(asked)}</p>`,
    `<p style="margin:0 0 20px">${e(open)}</p>`,
    `<p style="margin:0 0 12px">${mailButton(colours, input.link, t('passwordReset.button'))}</p>`,
    `<p style="margin:0 0 12px;font-size:14px;word-break:break-all"><a href="${e(input.link)}" style="color:#1c1917">${e(input.link)}</a></p>`,
    `<p style="margin:0;font-size:14px;color:#57534e">${e(once)}</p>`,
  ].join('\n');
  const html = mailHtml({ lang: input.lang, title: subject, brand, colours, card });
  return { subject, text, html };
}
