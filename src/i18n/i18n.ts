/**
 * The islands' i18next instance, built from the same four catalogues as the static pages and following $lang.
 * In the browser only French (the fallback) and the page's language are loaded before the islands run (top-level
 * await); another catalogue loads when the diner switches to it (switchLang). Outside a browser all four load.
 */
import { createInstance, type TOptions } from 'i18next';
import fr from './fr.json' with { type: 'json' };
import { $lang, setLang } from '../stores/lang.ts';
import { DEFAULT_LANG, LANGS, type Lang } from './langs.ts';
import type { MessageKey } from './t.ts';

type Catalogue = typeof fr;

// Each a separate file of the build: a page downloads only the languages it shows.
const loaders: Record<Exclude<Lang, 'fr'>, () => Promise<{ default: Catalogue }>> = {
  en: () => import('./en.json', { with: { type: 'json' } }),
  es: () => import('./es.json', { with: { type: 'json' } }),
  it: () => import('./it.json', { with: { type: 'json' } }),
};

/** The shared i18next instance (initialised synchronously: French is bundled). */
export const i18n = createInstance();

void i18n.init({
  resources: { fr: { translation: fr } },
  lng: $lang.get(),
  fallbackLng: DEFAULT_LANG,
  supportedLngs: [...LANGS],
  initAsync: false,
  // React escapes what it renders; escaping here too would show &amp; and the like.
  interpolation: { escapeValue: false },
  returnNull: false,
});

const loading = new Map<Lang, Promise<void>>();

/** Loads a language's catalogue once (French is always there); resolves when translate can use it. */
export function loadCatalog(lang: Lang): Promise<void> {
  if (lang === 'fr' || i18n.hasResourceBundle(lang, 'translation')) return Promise.resolve();
  let pending = loading.get(lang);
  if (pending === undefined) {
    pending = loaders[lang]().then(
      (module) => {
        i18n.addResourceBundle(lang, 'translation', module.default, true, true);
      },
      (error: unknown) => {
        // A failed download may succeed on the next try; French is shown meanwhile.
        loading.delete(lang);
        throw error;
      },
    );
    loading.set(lang, pending);
  }
  return pending;
}

/** Switches the interface language once its catalogue is there, so the islands never show it half-translated. */
export async function switchLang(lang: Lang): Promise<void> {
  try {
    await loadCatalog(lang);
  } catch {
    // Offline: the static texts still switch; islands fall back to French.
  }
  setLang(lang);
}

/** A message of the catalogue in a language, with {{name}} placeholders (and count plurals) filled. */
export function translate(lang: Lang, key: MessageKey | `${MessageKey}` | string, vars?: TOptions): string {
  return i18n.t(key, { ...vars, lng: lang });
}

/** Whether the catalogue has a message for key. */
export function hasMessage(key: string): boolean {
  return i18n.exists(key, { lng: DEFAULT_LANG });
}

/** The message of an error_code (section 8): error.{code} when it exists, else the generic one. */
export function errorMessage(lang: Lang, code: string, vars?: TOptions): string {
  const key = hasMessage(`error.${code}`) ? `error.${code}` : 'error.generic';
  return translate(lang, key, vars);
}

// The instance speaks whatever $lang says, from the first import on (a catalogue not loaded yet follows).
$lang.subscribe((lang) => {
  if (i18n.language !== lang) void i18n.changeLanguage(lang);
  loadCatalog(lang).catch(() => {});
});

// Islands render only once the page's language is loaded; builds and tests get every language.
await (typeof window === 'undefined' ? Promise.all(LANGS.map(loadCatalog)) : loadCatalog($lang.get()).catch(() => {}));
