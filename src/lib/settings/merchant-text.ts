/** A merchant text (one string, or one per language) as the settings edit it: one field per language, saved as an object. */
import { LANGS, type Lang } from '../../shared/langs.ts';
import type { MerchantText } from './definition-draft.ts';

/** The text of one language: a plain string counts as the first language's. */
export function textIn(text: MerchantText | undefined, lang: Lang): string {
  if (text === undefined) return '';
  if (typeof text === 'string') return lang === LANGS[0] ? text : '';
  return text[lang] ?? '';
}

/** The text with one language's value replaced: an object of the non-empty languages, first language first; undefined when all are empty. */
export function withTextIn(text: MerchantText | undefined, lang: Lang, value: string): Partial<Record<Lang, string>> | undefined {
  const result: Partial<Record<Lang, string>> = {};
  for (const each of LANGS) {
    const kept = each === lang ? value : textIn(text, each);
    if (kept.trim() !== '') result[each] = kept;
  }
  return Object.keys(result).length > 0 ? result : undefined;
}
