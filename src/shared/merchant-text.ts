/** A merchant's own text (description, booking text): one string, or one text per language, and how a visitor reads it. */
import type { Lang } from './langs.ts';

/** One string for every visitor, or one text per language; the first language listed is read when the visitor's is missing. */
export type MerchantText = string | Partial<Record<Lang, string>>;

/** The text a visitor reading `lang` sees: their language's text, else the first one listed; a plain string for everyone. */
export function merchantTextIn(text: MerchantText | undefined, lang?: Lang): string {
  if (text === undefined) return '';
  if (typeof text === 'string') return text;
  const own = lang === undefined ? undefined : text[lang];
  if (own) return own;
  for (const value of Object.values(text)) if (value) return value;
  return '';
}
