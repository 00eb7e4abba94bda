/**
 * An Astro integration that moves every inline <script> of the built pages (Astro's island runtime and
 * client:* directive loaders, small hoisted scripts) into files under /_astro/, so the pages run under the
 * server's `script-src 'self'` Content-Security-Policy. Classic scripts stay classic and keep their place, and
 * become `defer`: an external classic script would otherwise block the parser and the first paint for a round
 * trip, where the inline one cost nothing. Deferred scripts still run in document order, before DOMContentLoaded,
 * and Astro's islands wait for their directive (the island element upgrades when its runtime has run).
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
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

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
// Only executable JavaScript moves; data blocks (application/json, ld+json) stay where they are.
const EXECUTABLE_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

function attributeValue(attributes: string, name: string): string | null {
  const match = new RegExp(`(?:^|\\s)${name}(?:\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+)))?`, 'i').exec(attributes);
  if (!match) return null;
  return match[1] ?? match[2] ?? match[3] ?? '';
}

/** The file an inline script's code is stored in: named by its content, so identical scripts share one file. */
export function scriptFileName(code: string): string {
  return `_astro/inline-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.js`;
}

/** Replaces each inline executable script of a page with `<script src="/_astro/inline-….js">` (same attributes otherwise, `defer` added to classic ones). */
export function externalizeInlineScripts(html: string): ExternalizedPage {
  const scripts = new Map<string, string>();
  const rewritten = html.replace(SCRIPT, (whole, attributes: string, code: string) => {
    if (attributeValue(attributes, 'src') !== null || code.trim() === '') return whole;
    const type = (attributeValue(attributes, 'type') ?? '').trim().toLowerCase();
    if (!EXECUTABLE_TYPES.has(type)) return whole;
    const file = scriptFileName(code);
    scripts.set(file, code);
    const waits = type === 'module' || attributeValue(attributes, 'defer') !== null || attributeValue(attributes, 'async') !== null;
    return `<script${attributes}${waits ? '' : ' defer'} src="/${file}"></script>`;
  });
  return { html: rewritten, scripts: [...scripts].map(([file, code]) => ({ file, code })) };
}

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.html')).map((entry) => join(entry.parentPath, entry.name));
}

// Pages rewritten at once: one after another, a site of tens of thousands of pages waits on the disk for minutes.
const PARALLEL_PAGES = 32;

/** Rewrites every built page under dir; resolves how many scripts were moved out. */
export async function externalizeSiteScripts(dir: string): Promise<number> {
  const written = new Map<string, Promise<void>>();
  await forEachLimit(await htmlFiles(dir), PARALLEL_PAGES, async (page) => {
    const { html, scripts } = externalizeInlineScripts(await readFile(page, 'utf8'));
    if (scripts.length === 0) return;
    for (const { file, code } of scripts) {
      // Each script file is written once; a page waits for its scripts before it refers to them.
      if (!written.has(file)) written.set(file, writeFile(join(dir, file), code));
      await written.get(file);
    }
    await writeFile(page, html);
  });
  return written.size;
}

/** The integration: after the build, no page keeps an inline script. Put it before integrations that hash pages (PWA precache). */
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
