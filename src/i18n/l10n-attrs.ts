/** Attributes of static pages in all four languages: French in the attribute, every language in data-l10n for lang-boot.js. */
import { LANGS, t, type Lang, type MessageKey, type MessageVars } from './t.ts';

/** A text in each interface language. */
export type LocalizedText = Record<Lang, string>;

/** A message in every language. */
export function tAll(key: MessageKey, vars?: MessageVars): LocalizedText {
  return Object.fromEntries(LANGS.map((lang) => [lang, t(lang, key, vars)])) as LocalizedText;
}

/**
 * Spreadable attributes: each named attribute in French plus data-l10n carrying the others ("text" means the element's
 * text). A language whose text is the French one is left out (the readers fall back to French), and data-l10n too
 * when no language differs: merchant text is often one text in every language.
 */
export function l10nAttrs(attributes: Record<string, LocalizedText>): Record<string, string> {
  const result: Record<string, string> = {};
  const others: Record<string, Partial<LocalizedText>> = {};
  for (const [name, text] of Object.entries(attributes)) {
    if (name !== 'text') result[name] = text.fr;
    const differing = LANGS.filter((lang) => lang === 'fr' || text[lang] !== text.fr);
    if (differing.length > 1) others[name] = Object.fromEntries(differing.map((lang) => [lang, text[lang]]));
  }
  if (Object.keys(others).length > 0) result['data-l10n'] = JSON.stringify(others);
  return result;
}
