/** The mail inviting a new staff member to choose their password (server-mail.json), in the merchant's colours. */
import type { Lang } from '../../../shared/langs.ts';
import { mailTexts } from '../../i18n/server-texts.ts';
import { escapeHtml } from '../../../shared/escape-html.ts';
import { mailButton, mailColours, mailHtml, type MailBrand } from './mail-layout.ts';

/** What the invitation says. */
export interface StaffInviteInput {
  lang: Lang;
  link: string;
  brand: MailBrand;
  validDays: number;
}

/** The invitation: subject, plain text and HTML. */
export function staffInviteMessage(input: StaffInviteInput): { subject: string; text: string; html: string } {
  const brand = input.brand.name;
  const t = mailTexts(input.lang);
  const greeting = t('greeting.anonymous');
  const subject = t('staffInvite.subject', { brand });
  const added = t('staffInvite.added', { brand });
  const open = t('staffInvite.open', { days: input.validDays });
  const once = t('staffInvite.once');
  const colours = mailColours(input.brand);
  const text = [greeting, '', added, open, input.link, '', once, '', brand, ''].join('\n');
  const e = escapeHtml;
  const card = [
    `<p style="margin:0 0 12px">${e(greeting)}</p>`,
    `<p style="margin:0 0 12px">${e(added)}</p>`,
    `<p style="margin:0 0 20px">${e(open)}</p>`,
    `<p style="margin:0 0 12px">${mailButton(colours, input.link, t('staffInvite.button'))}</p>`,
    `<p style="margin:0 0 12px;font-size:14px;word-break:break-all"><a href="${e(input.link)}" style="color:#1c1917">${e(input.link)}</a></p>`,
    `<p style="margin:0;font-size:14px;color:#57534e">${e(once)}</p>`,
  ].join('\n');
  const html = mailHtml({ lang: input.lang, title: subject, brand, colours, card });
  return { subject, text, html };
}
