/**
 * The service worker and web app manifest of the site (@vite-pwa/astro, generateSW): /sw.js precaches the
 * shared code (never the per-merchant pages, whose number grows with the merchants) and caches each page a
 * diner opens, the very first one included, so a merchant page or a tracking page already opened opens again offline.
 */
import { fileURLToPath } from 'node:url';
import AstroPWA from '@vite-pwa/astro';
import type { AstroIntegration } from 'astro';
import type { VitePWAOptions } from 'vite-plugin-pwa';
import { DEFAULT_THEME } from '../src/shared/merchant-theme.ts';

/** The cache the visited pages are kept in. */
export const PAGES_CACHE = 'couvert-pages';
/** The cache of merchant images (/media/, content-addressed) and the site's own images. */
export const IMAGES_CACHE = 'couvert-images';

/** The options of AstroPWA() in astro.config.mjs. */
export function pwaOptions(env: NodeJS.ProcessEnv = process.env): Partial<VitePWAOptions> {
  const name = env.PROVIDER_NAME || 'Couvert';
  return {
    registerType: 'autoUpdate',
    // src/lib/platform/pwa.ts registers /sw.js from the site's own bundle: nothing is injected (the CSP forbids inline scripts).
    injectRegister: false,
    filename: 'sw.js',
    manifestFilename: 'manifest.webmanifest',
    manifest: {
      name: `${name} · Réservation`,
      short_name: name,
      description: 'Réservez une table au restaurant et suivez votre réservation.',
      lang: 'fr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: DEFAULT_THEME.primary,
      background_color: DEFAULT_THEME.background,
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
      ],
    },
    workbox: {
      // The shared code and the small static files; every page is cached when visited (below), not ahead.
      globPatterns: ['_astro/**/*.{js,css}', 'lang-boot.js', 'boot/*.js', 'favicon.svg', 'icons/*.{svg,png}', 'images/**/*.svg', 'manifest.webmanifest'],
      globIgnores: ['media/**', 'build-stamp.json'],
      // No app shell: an unknown address offline is the browser's own offline page, never a wrong page.
      navigateFallback: null,
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
      runtimeCaching: [
        {
          // Pages: the network first (a page must change as soon as the site is rebuilt), the copy when offline. Besides
          // navigations, the page that was open when the worker took over asks for itself once (src/lib/platform/keep-open-page.ts,
          // with this header: the function is copied into sw.js, so the name is written out).
          urlPattern: ({ request }) => request.mode === 'navigate' || request.headers.get('x-couvert-keep-page') === '1',
          handler: 'NetworkFirst',
          options: {
            cacheName: PAGES_CACHE,
            // That fetch and a navigation differ in request headers only; the page is the same.
            matchOptions: { ignoreVary: true },
            networkTimeoutSeconds: 5,
            expiration: { maxEntries: 50, maxAgeSeconds: 30 * 24 * 3600 },
            cacheableResponse: { statuses: [200] },
          },
        },
        {
          urlPattern: ({ url, sameOrigin }) => sameOrigin && (url.pathname.startsWith('/media/') || url.pathname.startsWith('/images/')),
          handler: 'StaleWhileRevalidate',
          options: {
            cacheName: IMAGES_CACHE,
            expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 },
            cacheableResponse: { statuses: [200] },
          },
        },
      ],
    },
  };
}

/**
 * AstroPWA with the site's options, writing /sw.js into the folder this build really writes to. Astro 7 resolves
 * several Vite environments and vite-plugin-pwa would take the first one's output folder (the shared .astro/), so
 * the output folder is given explicitly, read from the final config (scripts/build-site.ts overrides outDir).
 */
export function sitePwa(): AstroIntegration {
  let inner: AstroIntegration | undefined;
  return {
    name: 'couvert:pwa',
    hooks: {
      'astro:config:setup': (params) => {
        inner = AstroPWA({ ...pwaOptions(), outDir: fileURLToPath(params.config.outDir) });
        return inner.hooks['astro:config:setup']?.(params);
      },
      'astro:build:done': (params) => inner?.hooks['astro:build:done']?.(params),
    },
  };
}
