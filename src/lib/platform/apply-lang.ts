/** Puts a language on the open page: html lang and data-lang (which the static texts follow), localized attributes and the address. */
import type { Lang } from '../../shared/langs.ts';
import { localizeStaticTexts } from './static-texts.ts';

/** The attribute that carries an element's localized attribute values: {"alt": {"fr": "...", "en": "..."}}; "text" means its text. */
export const L10N_ATTRIBUTE = 'data-l10n';

/** Sets the localized attributes (and texts) of every [data-l10n] element under root to lang. */
export function localizeAttributes(root: ParentNode, lang: Lang): void {
  for (const element of root.querySelectorAll(`[${L10N_ATTRIBUTE}]`)) {
    let values: Record<string, Record<string, string>>;
    try {
      values = JSON.parse(element.getAttribute(L10N_ATTRIBUTE) ?? '{}');
    } catch {
      continue;
    }
    for (const [name, byLang] of Object.entries(values)) {
      const value = byLang[lang] ?? byLang.fr;
      if (value === undefined) continue;
      if (name === 'text') element.textContent = value;
      else element.setAttribute(name, value);
    }
  }
}

/** Shows the page in lang: the same work public/lang-boot.js does before first paint, for a change made later. */
export function applyDocumentLang(lang: Lang): void {
  if (typeof document === 'undefined') return;
  const html = document.documentElement;
  html.lang = lang;
  html.setAttribute('data-lang', lang);
  localizeAttributes(document, lang);
  void localizeStaticTexts(lang);
  // A ?lang in the address would override the choice again on reload: keep it in step.
  const url = new URL(globalThis.location.href);
  if (url.searchParams.has('lang') && url.searchParams.get('lang') !== lang) {
    url.searchParams.set('lang', lang);
    globalThis.history.replaceState(globalThis.history.state, '', url);
  }
}
