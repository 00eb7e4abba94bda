/** Attributes of static pages in all four languages: French in the attribute, every language in data-l10n for lang-boot.js. */
import { LANGS, t, type Lang, type MessageKey, type MessageVars } from './t.ts';

/** A text in each interface language. */
export type LocalizedText = Record<Lang, string>;

/** A message in every language. */
export function tAll(key: MessageKey, vars?: MessageVars): LocalizedText {
  return Object.fromEntries(LANGS.map((lang) => [lang, t(lang, key, vars)])) as LocalizedText;
}

/** Spreadable attributes: each named attribute in French plus data-l10n carrying all four ("text" means the element's text). */
export function l10nAttrs(attributes: Record<string, LocalizedText>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, text] of Object.entries(attributes)) if (name !== 'text') result[name] = text.fr;
  result['data-l10n'] = JSON.stringify(attributes);
  return result;
}
