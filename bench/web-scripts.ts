/**
 * The JavaScript a built page loads, found the way a browser finds it: the scripts its HTML references
 * (script src, modulepreload, Astro island component and renderer URLs), their static imports recursively
 * ("initial": needed before the page is interactive), and everything reachable through dynamic import() ("lazy").
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** One JavaScript file and its size as served and as a compressing server or CDN would send it. */
export interface ScriptFile {
  /** Path from the site root, e.g. /_astro/client.B4P0NEeq.js. */
  path: string;
  raw: number;
  /** gzip at level 9. */
  gzip: number;
  /** Brotli at quality 11 (what CDNs send browsers that accept br). */
  brotli: number;
}

/** The scripts of one page, split by when they load. */
export interface PageScripts {
  /** Referenced by the HTML and their static imports: loaded before the page is interactive. */
  initial: ScriptFile[];
  /** Only reachable through dynamic import() (or an island that waits for visibility/media): loaded later, if ever. */
  lazy: ScriptFile[];
}

/** Resolves with the text at an absolute URL; rejects when it is not there. */
export type FetchText = (url: string) => Promise<string>;

const EXECUTABLE_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);
// Island directives that hydrate at once (idle: as soon as the main thread is free); visible and media wait.
const EAGER_ISLANDS = new Set(['load', 'idle', 'only']);
// Only relative or root paths: a bundler never emits anything else for our own chunks.
const LOCAL = String.raw`(?:\.{1,2}/|/)[^"'\x60\s]+?\.m?js`;
const STATIC_IMPORT = new RegExp(String.raw`(?:^|[^.\w$])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?(["'])(${LOCAL})\1`, 'g');
const DYNAMIC_IMPORT = new RegExp(String.raw`(?:^|[^.\w$])import\s*\(\s*(["'\x60])(${LOCAL})\1\s*\)`, 'g');
// Vite/Rolldown list the files a dynamic import preloads (paths from the site root) in __vite__mapDeps.
const MAP_DEPS = /__vite__mapDeps=\([^)]*?m\.f=\[([^\]]*)\]/;

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}(?:\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+)))?`, 'i').exec(tag);
  if (!match) return null;
  return (match[1] ?? match[2] ?? match[3] ?? '').replaceAll('&amp;', '&');
}

/** The script URLs a page's HTML makes the browser load: eager ones, and islands that wait (visible, media). */
export function htmlScriptUrls(html: string, pageUrl: string): { eager: string[]; waiting: string[] } {
  const eager: string[] = [];
  const waiting: string[] = [];
  const absolute = (href: string) => new URL(href, pageUrl).href;
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attribute(tag, 'src');
    const type = (attribute(tag, 'type') ?? '').trim().toLowerCase();
    if (src && EXECUTABLE_TYPES.has(type)) eager.push(absolute(src));
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attribute(tag, 'rel') ?? '').toLowerCase().split(/\s+/);
    const href = attribute(tag, 'href');
    if (href && rel.includes('modulepreload')) eager.push(absolute(href));
  }
  for (const [tag] of html.matchAll(/<astro-island\b[^>]*>/gi)) {
    const into = EAGER_ISLANDS.has(attribute(tag, 'client') ?? 'load') ? eager : waiting;
    for (const name of ['component-url', 'renderer-url']) {
      const url = attribute(tag, name);
      if (url) into.push(absolute(url));
    }
  }
  return { eager: [...new Set(eager)], waiting: [...new Set(waiting)] };
}

/** The local modules a script imports statically and dynamically (specifiers resolved against its URL). */
export function moduleImports(code: string, scriptUrl: string): { static: string[]; dynamic: string[] } {
  const resolve = (specifier: string) => new URL(specifier, scriptUrl).href;
  const found = (pattern: RegExp) => [...new Set([...code.matchAll(pattern)].map((match) => resolve(match[2]!)))];
  const dynamic = found(DYNAMIC_IMPORT);
  const preloaded = MAP_DEPS.exec(code)?.[1];
  if (preloaded) {
    for (const [, path] of preloaded.matchAll(/["'\x60]([^"'\x60]+\.m?js)["'\x60]/g)) dynamic.push(new URL(`/${path}`, scriptUrl).href);
  }
  return { static: found(STATIC_IMPORT), dynamic: [...new Set(dynamic)] };
}

/** Sizes of one file's text, each compressed on its own as it travels. */
export function measure(path: string, code: string): ScriptFile {
  const bytes = Buffer.from(code);
  return {
    path,
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }).length,
  };
}

/** Sums one size over files. */
export function total(files: readonly ScriptFile[], size: 'raw' | 'gzip' | 'brotli'): number {
  return files.reduce((sum, file) => sum + file[size], 0);
}

/** Follows the page's scripts through their imports; `fetchText` reads each file once (share it across pages). */
export async function pageScripts(pageUrl: string, fetchText: FetchText): Promise<PageScripts> {
  const { eager, waiting } = htmlScriptUrls(await fetchText(pageUrl), pageUrl);
  const imports = new Map<string, { static: string[]; dynamic: string[] }>();
  const importsOf = async (url: string) => {
    let found = imports.get(url);
    if (!found) {
      found = moduleImports(await fetchText(url), url);
      imports.set(url, found);
    }
    return found;
  };

  // Breadth-first over static imports only: what must arrive before the islands can run.
  const initial = new Set<string>();
  const walk = async (roots: string[], into: Set<string>, followDynamic: boolean, skip: Set<string>) => {
    const queue = roots.filter((url) => !skip.has(url));
    while (queue.length > 0) {
      const url = queue.shift()!;
      if (into.has(url) || skip.has(url)) continue;
      into.add(url);
      const next = await importsOf(url);
      queue.push(...next.static, ...(followDynamic ? next.dynamic : []));
    }
  };
  await walk(eager, initial, false, new Set());

  const lazyRoots = [...waiting];
  for (const url of initial) lazyRoots.push(...(await importsOf(url)).dynamic);
  const lazy = new Set<string>();
  await walk(lazyRoots, lazy, true, initial);

  const files = async (urls: Set<string>) => Promise.all([...urls].map(async (url) => measure(new URL(url).pathname, await fetchText(url))));
  return { initial: await files(initial), lazy: await files(lazy) };
}
