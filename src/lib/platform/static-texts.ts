/**
 * Puts the static texts (src/components/T.astro: French with a data-t key) of the open page in another language, from
 * its shared file (src/shared/static-texts.ts, named by <meta name="couvert-texts">), loaded once: the same work
 * public/lang-boot.js does before first paint, for a language chosen later.
 */
import type { Lang } from '../../shared/langs.ts';
import type { Catalogue } from '../../shared/translator.ts';

type Catalogues = Partial<Record<Lang, Catalogue>>;

const loading = new Map<Lang, Promise<void>>();

function catalogues(): Catalogues {
  const scope = globalThis as unknown as { couvertTexts?: Catalogues };
  scope.couvertTexts ??= {};
  return scope.couvertTexts;
}

function message(catalogue: Catalogue, key: string): string | null {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : null;
}

/** Loads the language's file (a classic script setting self.couvertTexts[lang]); resolves either way, once it has run or failed. */
function loadTexts(lang: Lang): Promise<void> {
  const template = document.querySelector('meta[name="couvert-texts"]')?.getAttribute('content');
  if (catalogues()[lang] !== undefined || !template) return Promise.resolve();
  let pending = loading.get(lang);
  if (pending === undefined) {
    pending = new Promise<void>((resolve) => {
      const script = document.createElement('script');
      script.src = template.replace('{lang}', lang);
      script.onload = () => resolve();
      script.onerror = () => {
        // Offline and never cached: the texts stay as they are; a later choice tries again.
        loading.delete(lang);
        resolve();
      };
      document.head.append(script);
    });
    loading.set(lang, pending);
  }
  return pending;
}

/** The page's [data-t] elements, those in templates too (the tracking page's first view copies its texts from them). */
function textElements(): HTMLElement[] {
  const elements: HTMLElement[] = [];
  const roots: ParentNode[] = [document];
  for (let index = 0; index < roots.length; index += 1) {
    for (const found of roots[index]!.querySelectorAll<HTMLElement>('[data-t], template')) {
      if (found instanceof HTMLTemplateElement) roots.push(found.content);
      else elements.push(found);
    }
  }
  return elements;
}

/** Sets every [data-t] text of the page to `lang` once its file is there (if the page is still in that language then). */
export async function localizeStaticTexts(lang: Lang): Promise<void> {
  if (document.querySelector('[data-t], template') === null) return;
  await loadTexts(lang);
  const catalogue = catalogues()[lang];
  if (catalogue === undefined || document.documentElement.getAttribute('data-lang') !== lang) return;
  for (const element of textElements()) {
    const text = message(catalogue, element.dataset.t ?? '');
    if (text === null) continue;
    let vars: Record<string, unknown> = {};
    try {
      vars = (JSON.parse(element.dataset.tv ?? '{}') as Record<string, unknown> | null) ?? {};
    } catch {
      vars = {};
    }
    // One pass, as src/shared/translator.ts does: a value that looks like a placeholder stays as written.
    element.textContent = text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (Object.hasOwn(vars, name) ? String(vars[name]) : whole));
  }
}
