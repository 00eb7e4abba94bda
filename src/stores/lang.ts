/** $lang: the interface language (fr, en, es, it), stored in both local and session storage as currentLang. */
import { atom } from 'nanostores';
import { DEFAULT_LANG, isLang, type Lang } from '../shared/langs.ts';
import { applyDocumentLang } from '../lib/platform/apply-lang.ts';
import { getStoredLang, normalizeLang, setStoredLang } from '../lib/platform/storage.ts';

/** The language selector's entries: each language named in itself. */
export const LANGUAGE_OPTIONS: ReadonlyArray<{ code: Lang; label: string }> = [
  { code: 'fr', label: 'Français' },
  { code: 'en', label: 'English' },
  { code: 'es', label: 'Español' },
  { code: 'it', label: 'Italiano' },
];

/** What decides the first language, in order: ?lang, stored currentLang, the browser's languages; else French. */
export interface LangSources {
  query: string | null;
  stored: Lang | null;
  browser: readonly string[];
}

/** The language to start in (the rule public/lang-boot.js applies before first paint). */
export function pickInitialLang(sources: LangSources): Lang {
  const fromQuery = normalizeLang(sources.query);
  if (fromQuery) return fromQuery;
  if (sources.stored) return sources.stored;
  for (const candidate of sources.browser) {
    const lang = normalizeLang(candidate);
    if (lang) return lang;
  }
  return DEFAULT_LANG;
}

function initialLang(): Lang {
  // lang-boot.js has already decided before first paint: follow it so islands match the static text.
  const booted = typeof document === 'undefined' ? null : document.documentElement.getAttribute('data-lang');
  if (isLang(booted)) return booted;
  const search = globalThis.location?.search ?? '';
  return pickInitialLang({
    query: new URLSearchParams(search).get('lang'),
    stored: getStoredLang(),
    browser: globalThis.navigator?.languages ?? [],
  });
}

/** The interface language. */
export const $lang = atom<Lang>(initialLang());

/** Switches the interface language (ignores anything that is not fr, en, es or it). */
export function setLang(lang: string): void {
  if (isLang(lang)) $lang.set(lang);
}

$lang.listen((lang) => {
  setStoredLang(lang);
  applyDocumentLang(lang);
});
