/** The frame every account mail shares: the brand's name and colours around a white card, as plain HTML for mail clients. */
import { themeVars } from '../../../shared/merchant-theme.ts';
import type { Lang } from '../../../shared/langs.ts';
import { escapeHtml } from '../../../shared/escape-html.ts';

/** Who the mail comes from: the merchant when the request named one, else the provider. */
export interface MailBrand {
  name: string;
  primary?: string;
  background?: string;
}

/** The brand's colours as the mail uses them (text and button colours readable on them). */
export type MailColours = ReturnType<typeof themeVars>;

/** The colours of a brand, defaulted where it has none. */
export function mailColours(brand: MailBrand): MailColours {
  return themeVars({ primary: brand.primary ?? '', background: brand.background ?? '' });
}

/** A link styled as a button: filled in the brand's colour, or outlined. */
export function mailButton(colours: MailColours, href: string, label: string, { filled = true } = {}): string {
  const look = filled ? `background:${colours.primary};color:${colours.onPrimary}` : `border:1px solid ${colours.primary};color:#1c1917`;
  return `<a href="${escapeHtml(href)}" style="display:inline-block;margin:0 8px 8px 0;padding:12px 20px;border-radius:999px;${look};text-decoration:none;font-weight:600">${escapeHtml(label)}</a>`;
}

/** A whole HTML mail: `card` is trusted markup (escape what goes into it), every other value is escaped here. */
export function mailHtml({ lang, title, brand, colours, card }: { lang: Lang; title: string; brand: string; colours: MailColours; card: string }): string {
  const e = escapeHtml;
  return `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(title)}</title></head>
<body style="margin:0;padding:0;background:${colours.background};color:${colours.text};font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;line-height:1.6">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${colours.background}">
<tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px">
<tr><td style="padding:0 0 16px;font-size:20px;font-weight:650;color:${colours.text}">${e(brand)}</td></tr>
<tr><td style="padding:24px;border:1px solid #e7e5e4;border-radius:16px;background:#ffffff;color:#1c1917">
${card}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}
