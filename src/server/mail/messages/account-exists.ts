/**
 * The mail an account's owner gets when someone registers again with their email: in their language
 * (server-mail.json), signed by the provider.
 */
import type { Lang } from '../../../shared/langs.ts';
import { mailTexts } from '../../i18n/server-texts.ts';
import { escapeHtml } from '../../../shared/escape-html.ts';
import { mailButton, mailColours, mailHtml, type MailBrand } from './mail-layout.ts';

/** What the mail says. */
export interface AccountExistsInput {
  lang: Lang;
  /** The account's own first name (never the one typed into the form: anyone may type anything there). */
  firstname: string;
  brand: MailBrand;
  /** The sign-in page. */
  loginUrl: string;
  /** The forgotten-password page. */
  forgotUrl: string;
}

/** The mail: subject, plain text and HTML. */
export function accountExistsMessage(input: AccountExistsInput): { subject: string; text: string; html: string } {
  const brand = input.brand.name;
  const t = mailTexts(input.lang);
  const greeting = input.firstname ? t('greeting.named', { name: input.firstname }) : t('greeting.anonymous');
  const subject = t('accountExists.subject', { brand });
  const tried = t('accountExists.tried', { brand });
  const [already, login, forgot, notYou] = [t('accountExists.already'), t('accountExists.login'), t('accountExists.forgot'), t('accountExists.notYou')];
  const colours = mailColours(input.brand);
  const text = [greeting, '', tried, already, '', `${login}: ${input.loginUrl}`, `${forgot}: ${input.forgotUrl}`, '', notYou, '', brand, ''].join('\n');
  const e = escapeHtml;
  const card = [
    `<p style="margin:0 0 12px">${e(greeting)}</p>`,
    `<p style="margin:0 0 12px">${e(tried)}</p>`,
    `<p style="margin:0 0 20px">${e(already)}</p>`,
    `<p style="margin:0 0 12px">${mailButton(colours, input.loginUrl, login)}${mailButton(colours, input.forgotUrl, forgot, { filled: false })}</p>`,
    `<p style="margin:0;font-size:14px;color:#57534e">${e(notYou)}</p>`,
  ].join('\n');
  const html = mailHtml({ lang: input.lang, title: subject, brand, colours, card });
  return { subject, text, html };
}
