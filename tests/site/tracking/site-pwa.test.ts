import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { pwaOptions } from '../../../scripts/site-pwa.ts';
import { keptImageUrls } from '../../../src/lib/platform/keep-open-page.ts';

const publicDir = join(import.meta.dirname, '..', '..', '..', 'public');
const options = pwaOptions({});

describe('the service worker and the manifest', () => {
  test('update on their own (the page reloads) and are registered by the site, not an inline script', () => {
    expect(options.registerType).toBe('autoUpdate');
    expect(options.injectRegister).toBe(false);
    expect(options.filename).toBe('sw.js');
  });

  test('precache the shared code only, never the per-merchant pages', () => {
    const patterns = options.workbox?.globPatterns ?? [];
    expect(patterns.some((pattern) => pattern.includes('html'))).toBe(false);
    expect(patterns).toContain('_astro/**/*.{js,css}');
    expect(options.workbox?.navigateFallback).toBeNull();
  });

  test('cache each visited page network-first, so it opens offline, and the page open when the worker took over when it asks', () => {
    const pages = options.workbox?.runtimeCaching?.[0];
    expect(pages?.handler).toBe('NetworkFirst');
    const matches = pages?.urlPattern as (context: { request: { mode: string; headers: Headers } }) => boolean;
    expect(matches({ request: { mode: 'navigate', headers: new Headers() } })).toBe(true);
    expect(matches({ request: { mode: 'cors', headers: new Headers() } })).toBe(false);
    expect(matches({ request: { mode: 'cors', headers: new Headers({ 'X-Couvert-Keep-Page': '1' }) } })).toBe(true);
  });

  test('name the provider and point at icons that exist', () => {
    const manifest = pwaOptions({ PROVIDER_NAME: 'Table' }).manifest;
    if (!manifest) throw new Error('no manifest');
    expect(manifest.short_name).toBe('Table');
    const icons = manifest.icons || [];
    expect(icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of icons) expect(existsSync(join(publicDir, icon.src))).toBe(true);
  });
});

describe('the first page opened, kept once a worker controls it', () => {
  test("asks again for the site's own images it loaded (merchant media, illustrations), once each, and nothing else", () => {
    const loaded = [
      'https://book.example/media/4f2a.webp',
      'https://book.example/images/status/pending.svg',
      'https://book.example/media/4f2a.webp',
      'https://book.example/_astro/BookingComplete.js',
      'https://book.example/api/booking/get',
      'https://cdn.example/media/logo.png',
      'data:image/svg+xml,<svg/>',
    ];
    expect(keptImageUrls(loaded, 'https://book.example')).toEqual(['https://book.example/media/4f2a.webp', 'https://book.example/images/status/pending.svg']);
  });
});
