/**
 * The static texts of the prerendered pages (components/T.astro), one shared script per language under /_astro/:
 * a page carries its texts in French (the default, what shows first and without JS) with their keys, and
 * public/lang-boot.js loads the diner's language from these files, named by their content so a browser or CDN keeps
 * them for good. The same files for every merchant: written once per build (scripts/static-texts.ts).
 */
import frCore from '../i18n/messages/fr/core.json' with { type: 'json' };
import frStatic from '../i18n/messages/fr/static.json' with { type: 'json' };
import frTracking from '../i18n/messages/fr/tracking.json' with { type: 'json' };
import enCore from '../i18n/messages/en/core.json' with { type: 'json' };
import enStatic from '../i18n/messages/en/static.json' with { type: 'json' };
import enTracking from '../i18n/messages/en/tracking.json' with { type: 'json' };
import esCore from '../i18n/messages/es/core.json' with { type: 'json' };
import esStatic from '../i18n/messages/es/static.json' with { type: 'json' };
import esTracking from '../i18n/messages/es/tracking.json' with { type: 'json' };
import itCore from '../i18n/messages/it/core.json' with { type: 'json' };
import itStatic from '../i18n/messages/it/static.json' with { type: 'json' };
import itTracking from '../i18n/messages/it/tracking.json' with { type: 'json' };
import { LANGS, type Lang } from './langs.ts';
import type { Catalogue } from './translator.ts';

/** The parts of the catalogue the static pages' texts come from (core, tracking, static: what components/T.astro is given). */
const CATALOGUES: Record<Lang, Catalogue> = {
  fr: { ...frCore, ...frTracking, ...frStatic },
  en: { ...enCore, ...enTracking, ...enStatic },
  es: { ...esCore, ...esTracking, ...esStatic },
  it: { ...itCore, ...itTracking, ...itStatic },
};

/** Where the language's texts are set, for public/lang-boot.js and src/lib/platform/static-texts.ts: self.couvertTexts[lang]. */
function scriptOf(lang: Lang): string {
  return `(self.couvertTexts=self.couvertTexts||{})[${JSON.stringify(lang)}]=${JSON.stringify(CATALOGUES[lang])};\n`;
}

/** A 53-bit hash of a text (cyrb53), in hex: enough to name a file by its content, with no crypto module on either side. */
function contentHash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}

// One hash for the four files: a page names them all with one template.
const HASH = contentHash(LANGS.map(scriptOf).join(''));

/** The files' address with "{lang}" for the language, as each page's <meta name="couvert-texts"> gives it. */
export const STATIC_TEXTS_URL = `/_astro/texts-{lang}.${HASH}.js`;

/** The four files: path from the site root and code. */
export function staticTextFiles(): Array<{ file: string; code: string }> {
  return LANGS.map((lang) => ({ file: STATIC_TEXTS_URL.slice(1).replace('{lang}', lang), code: scriptOf(lang) }));
}
