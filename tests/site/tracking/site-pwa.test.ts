import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { pwaOptions } from '../../../scripts/site-pwa.ts';

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

  test('cache each visited page network-first, so it opens offline', () => {
    const pages = options.workbox?.runtimeCaching?.[0];
    expect(pages?.handler).toBe('NetworkFirst');
    const matches = pages?.urlPattern as (context: { request: { mode: string } }) => boolean;
    expect(matches({ request: { mode: 'navigate' } })).toBe(true);
    expect(matches({ request: { mode: 'cors' } })).toBe(false);
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
