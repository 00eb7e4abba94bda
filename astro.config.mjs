// The diner's static site: one prerendered page per merchant (see scripts/build-site.ts).
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { bootScripts } from './scripts/boot-scripts.ts';
import { clientChunks } from './scripts/client-chunks.ts';
import { externalScripts } from './scripts/external-scripts.ts';
import { keepRenderer } from './scripts/keep-renderer.ts';
import { minifiedPublicScripts } from './scripts/minify-public-scripts.ts';
import { sitePwa } from './scripts/site-pwa.ts';
import { staticTexts } from './scripts/static-texts.ts';

export default defineConfig({
  output: 'static',
  site: process.env.SITE_URL || undefined,
  outDir: process.env.SITE_OUT_DIR || './dist',
  trailingSlash: 'ignore',
  // externalScripts: the CSP is script-src 'self', and Astro inlines its island loader; keep it before any integration that hashes pages.
  // AstroPWA last: its service worker precaches the files as the integrations before it left them.
  integrations: [react(), keepRenderer(), clientChunks(), externalScripts(), minifiedPublicScripts(), bootScripts(), staticTexts(), sitePwa()],
  build: {
    format: 'directory',
    // External stylesheets only: a strict Content-Security-Policy will forbid inline <style>.
    inlineStylesheets: 'never',
    // Tens of thousands of small pages: while one page waits on the disk, others render (bench/build.ts).
    concurrency: 4,
  },
});
