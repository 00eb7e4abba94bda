/**
 * The islands' message lookup, in i18next's format as the catalogues are written: nested keys, plural variants
 * (`key_one`, `key_many`, `key_other`… chosen by Intl.PluralRules, `key_zero` first for a count of 0), a fallback
 * language, and {{name}} placeholders filled in one pass without escaping (React escapes what it renders). It is all
 * the islands used of i18next, whose 16 kB gzip put the booking home over its budget (bench/results/web.md).
 */
import type { Lang } from '../shared/langs.ts';
import type { Catalogue } from './translator.ts';

/** The values a message may use: its {{name}} placeholders, and `count`, which also picks the plural variant. */
export type MessageOptions = Record<string, unknown> & { count?: unknown };

const pluralRules = new Map<Lang, Intl.PluralRules>();

function pluralCategory(lang: Lang, count: number): string {
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang, { type: 'cardinal' });
    pluralRules.set(lang, rules);
  }
  return rules.select(count);
}

function lookup(catalogue: Catalogue | undefined, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = Object.hasOwn(node, part) ? node[part] : undefined;
  }
  return typeof node === 'string' ? node : undefined;
}

function merge(into: Catalogue, from: Catalogue): void {
  for (const [key, value] of Object.entries(from)) {
    const existing = into[key];
    if (typeof value !== 'string' && existing !== undefined && typeof existing !== 'string') merge(existing, value);
    else into[key] = typeof value === 'string' ? value : structuredClone(value);
  }
}

/** Adds messages to a language's catalogue, deeply; a message given again replaces the one there. */
export function addMessages(catalogues: Partial<Record<Lang, Catalogue>>, lang: Lang, messages: Catalogue): void {
  merge((catalogues[lang] ??= {}), messages);
}

/**
 * The message for key in the first of langs that has it: with a numeric count, the variant of the count's plural
 * category (after `_zero` for 0) before the plain key, as i18next resolves them.
 */
export function findMessage(catalogues: Partial<Record<Lang, Catalogue>>, langs: readonly Lang[], key: string, count?: unknown): string | undefined {
  for (const lang of langs) {
    const candidates = [key];
    if (typeof count === 'number') {
      candidates.unshift(`${key}_${pluralCategory(lang, count)}`);
      if (count === 0) candidates.unshift(`${key}_zero`);
    }
    for (const candidate of candidates) {
      const message = lookup(catalogues[lang], candidate);
      if (message !== undefined) return message;
    }
  }
  return undefined;
}

/** The message with each {{name}} (or {{a.b}}) replaced by its value; a placeholder without a value stays as written. */
export function fillMessage(message: string, vars: MessageOptions | undefined): string {
  if (vars === undefined) return message;
  return message.replace(/\{\{(.+?)\}\}/g, (whole, inside: string) => {
    // i18next's {{- name}} (unescaped) and {{name, format}} read the same value here: nothing is escaped or formatted.
    const path = inside.replace(/^\s*-/, '').split(',')[0]!.trim();
    let value: unknown = vars;
    for (const part of path.split('.')) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
    if (value === undefined) return whole;
    return value === null ? '' : String(value);
  });
}
