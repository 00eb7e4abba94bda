/**
 * The islands' i18next instance, built from the same catalogues as the static pages and following $lang.
 * French, the fallback, is bundled: the core messages here, and each other part in the modules that show it, which
 * hand it over with needMessages. The page's language loads before the islands run (top-level await), and another
 * when the diner switches to it (switchLang). Outside a browser every language loads.
 */
import { createInstance, type TOptions } from 'i18next';
import frCore from './messages/fr/core.json' with { type: 'json' };
import { $lang, setLang } from '../stores/lang.ts';
import { DEFAULT_LANG, LANGS, type Lang } from '../shared/langs.ts';
import { isIslandMessagePart, type IslandMessagePart } from './message-parts.ts';
import type { MessageKey } from './t.ts';
import type { Catalogue } from '../shared/translator.ts';

type Loader = () => Promise<{ default: Catalogue }>;

// Each a separate file of the build: a page downloads only the languages and parts it shows.
const loaders: Record<Exclude<Lang, 'fr'>, Record<IslandMessagePart, Loader>> = {
  en: {
    core: () => import('./messages/en/core.json', { with: { type: 'json' } }),
    account: () => import('./messages/en/account.json', { with: { type: 'json' } }),
    tracking: () => import('./messages/en/tracking.json', { with: { type: 'json' } }),
    staff: () => import('./messages/en/staff.json', { with: { type: 'json' } }),
    settings: () => import('./messages/en/settings.json', { with: { type: 'json' } }),
  },
  es: {
    core: () => import('./messages/es/core.json', { with: { type: 'json' } }),
    account: () => import('./messages/es/account.json', { with: { type: 'json' } }),
    tracking: () => import('./messages/es/tracking.json', { with: { type: 'json' } }),
    staff: () => import('./messages/es/staff.json', { with: { type: 'json' } }),
    settings: () => import('./messages/es/settings.json', { with: { type: 'json' } }),
  },
  it: {
    core: () => import('./messages/it/core.json', { with: { type: 'json' } }),
    account: () => import('./messages/it/account.json', { with: { type: 'json' } }),
    tracking: () => import('./messages/it/tracking.json', { with: { type: 'json' } }),
    staff: () => import('./messages/it/staff.json', { with: { type: 'json' } }),
    settings: () => import('./messages/it/settings.json', { with: { type: 'json' } }),
  },
};

/** The shared i18next instance (initialised synchronously: the French core is bundled). */
export const i18n = createInstance();

void i18n.init({
  resources: { fr: { translation: frCore } },
  lng: $lang.get(),
  fallbackLng: DEFAULT_LANG,
  supportedLngs: [...LANGS],
  initAsync: false,
  // React escapes what it renders; escaping here too would show &amp; and the like.
  interpolation: { escapeValue: false },
  returnNull: false,
  // A message an island shows before its part is loaded: say so (the end-to-end tests fail on it).
  saveMissing: true,
  missingKeyHandler: (languages, _namespace, key) => console.error(`[i18n] missing message ${key} (${languages.join(', ')})`),
});

// The parts every language loads: core, and what the page's islands asked for.
const wanted = new Set<IslandMessagePart>(['core']);
const loading = new Map<string, Promise<void>>();

function loadPart(lang: Lang, part: IslandMessagePart): Promise<void> {
  // French parts are bundled: core here, the others handed over by needMessages.
  if (lang === 'fr') return Promise.resolve();
  const id = `${lang}/${part}`;
  let pending = loading.get(id);
  if (pending === undefined) {
    pending = loaders[lang][part]().then(
      (module) => {
        i18n.addResourceBundle(lang, 'translation', module.default, true, true);
      },
      (error: unknown) => {
        // A failed download may succeed on the next try.
        loading.delete(id);
        throw error;
      },
    );
    loading.set(id, pending);
  }
  return pending;
}

/** Loads a language's wanted parts once; resolves when translate can use them. */
export async function loadCatalog(lang: Lang): Promise<void> {
  await Promise.all([...wanted].map((part) => loadPart(lang, part)));
}

/**
 * Adds a part of the catalogue, given in French (bundled by the module that shows it), loads it in the page's
 * language and keeps it in every language the diner switches to. A module whose islands show those messages awaits
 * this at its top level, so they never render without them; offline, they show in French.
 */
export async function needMessages(part: Exclude<IslandMessagePart, 'core'>, french: Catalogue): Promise<void> {
  if (!wanted.has(part)) {
    wanted.add(part);
    i18n.addResourceBundle(DEFAULT_LANG, 'translation', french, true, true);
  }
  await loadPart($lang.get(), part).catch(() => {});
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

// Islands render only once the page's language is loaded; builds and tests get every part the islands may show.
if (typeof window === 'undefined') {
  const [account, tracking, staff] = await Promise.all([
    import('./messages/fr/account.json', { with: { type: 'json' } }),
    import('./messages/fr/tracking.json', { with: { type: 'json' } }),
    import('./messages/fr/staff.json', { with: { type: 'json' } }),
  ]);
  await Promise.all([needMessages('account', account.default), needMessages('tracking', tracking.default), needMessages('staff', staff.default)]);
  await Promise.all(LANGS.map(loadCatalog));
} else {
  // The parts the page declares (Base.astro's data-messages) load with core, not one round trip after it.
  const declared = (document.documentElement.dataset.messages ?? '').split(' ').filter(isIslandMessagePart);
  const lang = $lang.get();
  await Promise.all([loadCatalog(lang), ...declared.map((part) => loadPart(lang, part))]).catch(() => {});
}
