/**
 * An Astro integration that moves every inline <script> of the built pages (Astro's island runtime and
 * client:* directive loaders, small hoisted scripts) into files under /_astro/, so the pages run under the
 * server's `script-src 'self'` Content-Security-Policy. Classic scripts stay classic and keep their place, and
 * become `defer`: an external classic script would otherwise block the parser and the first paint for a round
 * trip, where the inline one cost nothing. Deferred scripts still run in document order, before DOMContentLoaded,
 * and Astro's islands wait for their directive (the island element upgrades when its runtime has run).
 * Pages are read with parse5, the HTML standard's parser, never a regular expression: merchant text that looks like
 * a script (in an attribute value, say) is text, and only real script elements are rewritten.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { threadId, Worker } from 'node:worker_threads';
import type { AstroIntegration } from 'astro';
import { html, parse, type DefaultTreeAdapterTypes } from 'parse5';
import { applyEdits, bodyStyleEdits, hoistBodyStyles, mayHaveBodyStyles, type PageEdit } from './body-styles.ts';
import { forEachLimit } from './for-each-limit.ts';

/** One script taken out of a page: its file name under the site root and its code. */
export interface ExternalScript {
  /** Path from the site root, e.g. "_astro/inline-0123456789abcdef.js". */
  file: string;
  code: string;
}

/** A page with its inline scripts replaced by references, and the files those references need. */
export interface ExternalizedPage {
  html: string;
  scripts: ExternalScript[];
}

// Only executable JavaScript moves; data blocks (application/json, ld+json), import maps and unknown types stay
// where they are. The JavaScript MIME type essences of the HTML standard, and "module".
const CLASSIC_TYPES = new Set([
  '',
  'application/ecmascript',
  'application/javascript',
  'application/x-ecmascript',
  'application/x-javascript',
  'text/ecmascript',
  'text/javascript',
  'text/javascript1.0',
  'text/javascript1.1',
  'text/javascript1.2',
  'text/javascript1.3',
  'text/javascript1.4',
  'text/javascript1.5',
  'text/jscript',
  'text/livescript',
  'text/x-ecmascript',
  'text/x-javascript',
]);

type Element = DefaultTreeAdapterTypes.Element;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;

/** One inline script element of a page: where its start tag and code are in the page, and how it runs. */
interface InlineScript {
  /** The start tag's source, e.g. `<script type="module">`. */
  startTag: string;
  /** Offsets of the whole element in the page (start tag to end of end tag). */
  start: number;
  end: number;
  code: string;
  /** A module, or a classic script already marked async or defer: it does not block the parser. */
  waits: boolean;
}

function attribute(element: Element, name: string): string | null {
  return element.attrs.find((attr) => attr.name === name && !attr.namespace)?.value ?? null;
}

const asciiTrim = (value: string) => value.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '');
const asciiLower = (value: string) => value.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

/** The script's type as the HTML standard reads it ("prepare the script element"): type, else text/{language}, else "". */
function scriptType(element: Element): string {
  const language = attribute(element, 'language');
  const type = attribute(element, 'type') ?? (language ? `text/${language}` : '');
  return asciiLower(asciiTrim(type));
}

/** The HTML script elements of a parsed page, template contents included, in document order. */
function scriptElements(root: ParentNode): Element[] {
  const found: Element[] = [];
  const pending: DefaultTreeAdapterTypes.Node[] = [root];
  while (pending.length > 0) {
    const node = pending.pop() as DefaultTreeAdapterTypes.Node;
    if ('tagName' in node && node.tagName === 'script' && node.namespaceURI === html.NS.HTML) found.push(node);
    if ('content' in node && node.nodeName === 'template') pending.push(node.content);
    // Children pushed last to first, so they are visited first to last.
    if ('childNodes' in node) for (let i = node.childNodes.length - 1; i >= 0; i -= 1) pending.push(node.childNodes[i] as DefaultTreeAdapterTypes.Node);
  }
  return found;
}

/** The page's inline scripts that run as JavaScript: no src, some code, an executable type, a complete element. */
function inlineScripts(page: string, document: ParentNode = parse(page, { sourceCodeLocationInfo: true })): InlineScript[] {
  const scripts: InlineScript[] = [];
  for (const element of scriptElements(document)) {
    const location = element.sourceCodeLocation;
    // No end tag: the page ends inside the script; no start tag: the parser made the element up. Neither is Astro's.
    if (!location?.startTag || !location.endTag || attribute(element, 'src') !== null) continue;
    const type = scriptType(element);
    const module = type === 'module';
    if (!module && !CLASSIC_TYPES.has(type)) continue;
    const code = page.slice(location.startTag.endOffset, location.endTag.startOffset);
    if (code.trim() === '') continue;
    const waits = module || attribute(element, 'async') !== null || attribute(element, 'defer') !== null;
    const startTag = page.slice(location.startTag.startOffset, location.startTag.endOffset);
    scripts.push({ startTag, start: location.startOffset, end: location.endOffset, code, waits });
  }
  return scripts;
}

/** The file an inline script's code is stored in: named by its content, so identical scripts share one file. */
export function scriptFileName(code: string): string {
  return `_astro/inline-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.js`;
}

/**
 * Replaces each inline executable script element of a page with `<script src="/_astro/inline-….js">` (its other
 * attributes kept, `defer` added to classic ones). The page is read by an HTML parser, so text that only looks
 * like a script (in an attribute value, a comment, a title, another script's code) is never touched; everything
 * outside the moved elements stays byte for byte.
 */
export function externalizeInlineScripts(page: string): ExternalizedPage {
  // Cheap and exact: a page without this text has no script element at all.
  if (!/<script/i.test(page)) return { html: page, scripts: [] };
  const scripts = new Map<string, string>();
  const parts: string[] = [];
  let copied = 0;
  for (const script of inlineScripts(page)) {
    const file = scriptFileName(script.code);
    scripts.set(file, script.code);
    // The start tag as written, without its closing ">" (or a meaningless "/>"), then the new attributes.
    const opening = script.startTag.replace(/\s*\/?>$/, '');
    parts.push(page.slice(copied, script.start), `${opening}${script.waits ? '' : ' defer'} src="/${file}"></script>`);
    copied = script.end;
  }
  if (copied === 0) return { html: page, scripts: [] };
  parts.push(page.slice(copied));
  return { html: parts.join(''), scripts: [...scripts].map(([file, code]) => ({ file, code })) };
}

/** What preparing one page did, for scripts/page-preparer.ts to repeat on pages like it without parsing them. */
export interface PreparedPage extends ExternalizedPage {
  /** Each moved script element as written in the page, and the element that replaced it. */
  moved: Array<{ element: string; replacement: string; script: ExternalScript }>;
  /** The start tags, as written, of the script elements left in place that run no inline code (a src, or a data block). */
  kept: string[];
  /** The <style> elements moved from the body to the head, as written. */
  hoisted: string[];
}

/**
 * A rendered page made ready to serve in one parse: its body's <style>s hoisted (hoistBodyStyles) and its inline
 * scripts moved to files (externalizeInlineScripts); the same HTML as the two one after the other, and what was done.
 */
export function preparePageInDetail(page: string): PreparedPage {
  const scripting = /<script/i.test(page);
  if (!scripting && !mayHaveBodyStyles(page)) return { html: page, scripts: [], moved: [], kept: [], hoisted: [] };
  const document = parse(page, { sourceCodeLocationInfo: true });
  const edits: PageEdit[] = mayHaveBodyStyles(page) ? bodyStyleEdits(document, page) : [];
  const hoisted = edits.filter((edit) => edit.text === '').map((edit) => page.slice(edit.start, edit.end));
  const scripts = new Map<string, string>();
  const moved: PreparedPage['moved'] = [];
  for (const script of scripting ? inlineScripts(page, document) : []) {
    const file = scriptFileName(script.code);
    scripts.set(file, script.code);
    const opening = script.startTag.replace(/\s*\/?>$/, '');
    const replacement = `${opening}${script.waits ? '' : ' defer'} src="/${file}"></script>`;
    edits.push({ start: script.start, end: script.end, text: replacement });
    moved.push({ element: page.slice(script.start, script.end), replacement, script: { file, code: script.code } });
  }
  const kept: string[] = [];
  for (const element of scripting ? scriptElements(document) : []) {
    const location = element.sourceCodeLocation;
    const type = scriptType(element);
    const runsInline = type === 'module' || CLASSIC_TYPES.has(type);
    if (location?.startTag && location.endTag && (attribute(element, 'src') !== null || !runsInline)) {
      kept.push(page.slice(location.startTag.startOffset, location.startTag.endOffset));
    }
  }
  const html = edits.length === 0 ? page : applyEdits(page, edits);
  return { html, scripts: [...scripts].map(([file, code]) => ({ file, code })), moved, kept, hoisted };
}

/** preparePageInDetail, the page and its script files only. */
export function preparePage(page: string): ExternalizedPage {
  const { html, scripts } = preparePageInDetail(page);
  return { html, scripts };
}

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.html')).map((entry) => join(entry.parentPath, entry.name));
}

// Pages one thread reads and writes at once: one after another, a site of tens of thousands of pages waits on the disk for minutes.
const PARALLEL_PAGES = 32;
// Below this many pages a worker thread costs more to start than it saves.
const PAGES_PER_WORKER = 200;

async function writeScriptFile(dir: string, { file, code }: ExternalScript): Promise<void> {
  // Another worker may write the same file (same name, same code) at the same time: each write is a rename into place.
  const temporary = join(dir, `${file}.${process.pid}-${threadId}-${randomBytes(4).toString('hex')}.tmp`);
  await writeFile(temporary, code);
  await rename(temporary, join(dir, file));
}

/** Rewrites the given pages of the site in dir; resolves the script files they now refer to (each written once). */
export async function externalizePages(dir: string, pages: readonly string[]): Promise<string[]> {
  const written = new Map<string, Promise<void>>();
  await forEachLimit(pages, PARALLEL_PAGES, async (page) => {
    const source = await readFile(page, 'utf8');
    // The body's <style>s go to the head in the same pass (the page is read and written once).
    const styled = hoistBodyStyles(source);
    const { html, scripts } = externalizeInlineScripts(styled);
    if (scripts.length === 0) {
      if (styled !== source) await writeFile(page, styled);
      return;
    }
    for (const script of scripts) {
      // A page waits for its scripts before it refers to them.
      if (!written.has(script.file)) written.set(script.file, writeScriptFile(dir, script));
      await written.get(script.file);
    }
    await writeFile(page, html);
  });
  return [...written.keys()];
}

function inWorker(dir: string, pages: string[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./external-scripts-worker.ts', import.meta.url), { workerData: { dir, pages } });
    let files: string[] | undefined;
    worker.once('message', (message: string[]) => {
      files = message;
    });
    worker.once('error', reject);
    worker.once('exit', (code) => (files && code === 0 ? resolve(files) : reject(new Error(`the script worker stopped with code ${code}`))));
  });
}

/**
 * Rewrites every built page under dir; resolves how many script files were written. Parsing is what costs (about a
 * millisecond a page), so a large site is shared among worker threads, one per core (at most `workers`).
 */
export async function externalizeSiteScripts(
  dir: string,
  { workers = Math.min(availableParallelism(), 4), pagesPerWorker = PAGES_PER_WORKER }: { workers?: number; pagesPerWorker?: number } = {},
): Promise<number> {
  const pages = await htmlFiles(dir);
  const count = Math.max(1, Math.min(workers, Math.floor(pages.length / pagesPerWorker)));
  if (count === 1) return (await externalizePages(dir, pages)).length;
  const shares = Array.from({ length: count }, (_, share) => pages.filter((_page, index) => index % count === share));
  const files = await Promise.all(shares.map((share) => inWorker(dir, share)));
  return new Set(files.flat()).size;
}

/** The integration: after the build, no page keeps an inline script (nor a <style> in its body). Put it before integrations that hash pages (PWA precache). */
export function externalScripts(): AstroIntegration {
  return {
    name: 'couvert:external-scripts',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const count = await externalizeSiteScripts(fileURLToPath(dir));
        logger.info(`moved ${count} inline script(s) to /_astro/ (CSP script-src 'self')`);
      },
    },
  };
}
