// The diner's static site: one prerendered page per merchant (see scripts/build-site.ts).
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';

export default defineConfig({
  output: 'static',
  site: process.env.SITE_URL || undefined,
  outDir: process.env.SITE_OUT_DIR || './dist',
  trailingSlash: 'ignore',
  integrations: [react()],
  build: {
    format: 'directory',
    // External stylesheets only: a strict Content-Security-Policy will forbid inline <style>.
    inlineStylesheets: 'never',
  },
});
