/** The email of a booking message, from its parts: plain text and HTML in the merchant's frame, every value escaped. */
import type { Lang } from '../../../shared/langs.ts';
import { escapeHtml } from '../../../shared/escape-html.ts';
import { mailButton, mailColours, mailHtml, type MailBrand } from '../messages/mail-layout.ts';
import { jsonLdScript } from './reservation-json-ld.ts';
import type { ComposedMessage, MessageAttachment } from './message-input.ts';

/** One line of the facts table: a label, a value and, for a change, what it was before. */
export interface EmailFact {
  label: string;
  value: string;
  was?: string;
}

/** What an email says, in order (all plain text: it is escaped here). */
export interface EmailParts {
  lang: Lang;
  brand: MailBrand;
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** A quoted block: the reason and the restaurant's own words. */
  notice?: { lines: string[]; quote?: { label: string; text: string } };
  facts: EmailFact[];
  /** Rows of a list (the next day's bookings), each a line of cells. */
  rows?: string[][];
  actions: Array<{ href: string; label: string; filled: boolean }>;
  footer: string[];
  jsonLd?: unknown;
  attachments: MessageAttachment[];
}

/** The email: subject, text, HTML and attachments. */
export function bookingEmail(parts: EmailParts): NonNullable<ComposedMessage['email']> {
  const e = escapeHtml;
  const colours = mailColours(parts.brand);
  // French sets a space before the colon.
  const colon = parts.lang === 'fr' ? '\u00a0: ' : ': ';
  const factLine = (fact: EmailFact) => `${fact.label}${colon}${fact.value}${fact.was ? ` (${fact.was})` : ''}`;
  const text = [
    parts.greeting,
    '',
    ...parts.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(parts.notice ? [...parts.notice.lines, ...(parts.notice.quote ? [parts.notice.quote.label, parts.notice.quote.text] : []), ''] : []),
    ...(parts.facts.length > 0 ? [...parts.facts.map(factLine), ''] : []),
    ...(parts.rows && parts.rows.length > 0 ? [...parts.rows.map((row) => row.filter(Boolean).join(' · ')), ''] : []),
    ...parts.actions.map((action) => `${action.label}${colon}${action.href}`),
    ...(parts.actions.length > 0 ? [''] : []),
    ...parts.footer,
    '',
    parts.brand.name,
    '',
  ].join('\n');
  const cell = 'padding:6px 12px 6px 0;vertical-align:top';
  const card = [
    `<p style="margin:0 0 12px">${e(parts.greeting)}</p>`,
    ...parts.paragraphs.map((paragraph) => `<p style="margin:0 0 12px">${e(paragraph)}</p>`),
    parts.notice
      ? `<div style="margin:0 0 16px;padding:12px 16px;border-left:4px solid ${colours.primary};background:#f5f5f4">${parts.notice.lines
          .map((line) => `<p style="margin:0 0 8px">${e(line)}</p>`)
          .join(
            '',
          )}${parts.notice.quote ? `<p style="margin:0 0 4px;font-weight:600">${e(parts.notice.quote.label)}</p><p style="margin:0;white-space:pre-line">${e(parts.notice.quote.text)}</p>` : ''}</div>`
      : '',
    parts.facts.length > 0
      ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-collapse:collapse">${parts.facts
          .map(
            (fact) =>
              `<tr><th scope="row" style="${cell};text-align:left;font-weight:600;color:#57534e">${e(fact.label)}</th><td style="${cell};overflow-wrap:anywhere">${e(fact.value)}${
                fact.was ? ` <span style="color:#57534e">(${e(fact.was)})</span>` : ''
              }</td></tr>`,
          )
          .join('')}</table>`
      : '',
    parts.rows && parts.rows.length > 0
      ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-collapse:collapse;width:100%">${parts.rows
          // Two cells, so a phone-wide mail does not scroll sideways: the time, then the rest as one wrapping line.
          .map(
            ([first = '', ...rest]) =>
              `<tr><td style="${cell};border-top:1px solid #e7e5e4;font-weight:600;white-space:nowrap">${e(first)}</td><td style="${cell};border-top:1px solid #e7e5e4">${e(rest.filter(Boolean).join(' · '))}</td></tr>`,
          )
          .join('')}</table>`
      : '',
    parts.actions.length > 0
      ? `<p style="margin:0 0 12px">${parts.actions.map((action) => mailButton(colours, action.href, action.label, { filled: action.filled })).join('')}</p>`
      : '',
    ...parts.footer.map((line) => `<p style="margin:0 0 4px;font-size:14px;color:#57534e">${e(line)}</p>`),
    parts.jsonLd === undefined ? '' : jsonLdScript(parts.jsonLd),
  ]
    .filter(Boolean)
    .join('\n');
  const html = mailHtml({ lang: parts.lang, title: parts.subject, brand: parts.brand.name, colours, card });
  return { subject: parts.subject, text, html, attachments: parts.attachments };
}
