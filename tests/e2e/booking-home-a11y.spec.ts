import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { seriousAxeViolations } from './axe.ts';
import { expect, islandsHydrated, test } from './fixture.ts';

// WCAG 2.1 A and AA and axe's best practices.
const seriousViolations = (page: Page) => seriousAxeViolations(page, ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);

test.describe('BookingHome accessibility', () => {
  for (const width of [390, 1280]) {
    test(`axe finds no serious or critical violation at ${width} px, with the calendar closed and open`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/le-petit-zinc?seats=2');
      await expect(page.getByRole('radio', { name: '2 personnes' })).toBeChecked();
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Autre date' }).click();
      await expect(page.getByRole('dialog', { name: 'Choisissez une date' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('axe finds no serious or critical violation once a time is shown and chosen', async ({ page }) => {
    await page.goto('/sakura-ramen?seats=2');
    await islandsHydrated(page);
    await page.getByRole('button', { name: 'Autre date' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choisissez une date' });
    await dialog.getByRole('button', { name: 'Mois suivant' }).click();
    await dialog.getByRole('grid').getByRole('button', { disabled: false }).first().click();
    await page.getByRole('group', { name: 'Horaire' }).getByRole('radio', { disabled: false }).first().click();
    await expect(page.getByRole('button', { name: 'Continuer' })).toBeEnabled();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('BookingHome weight', () => {
  // The budget (~110 kB gzip before interaction, React ~60 kB of it) leaves ~50 kB for everything but React's runtime.
  const REACT_RUNTIME = /\/_astro\/(client|react|react-dom)\.[\w-]+\.js$/;

  test('the JavaScript it runs before any interaction, React aside, stays under 50 kB gzip', async ({ page }) => {
    const scripts = new Map<string, number>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body().catch(() => null);
      if (body) scripts.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length);
    });
    await page.goto('/le-petit-zinc');
    await expect(page.getByRole('radio', { name: '2 personnes' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const sum = (entries: Array<[string, number]>) => entries.reduce((total, [, size]) => total + size, 0);
    const all = [...scripts];
    const react = sum(all.filter(([path]) => REACT_RUNTIME.test(path)));
    const rest = sum(all.filter(([path]) => !REACT_RUNTIME.test(path)));
    const detail = `React ${react} B, the rest ${rest} B, total ${react + rest} B:\n${all.map(([path, size]) => `${path} ${size}`).join('\n')}`;
    test.info().annotations.push({ type: 'weight', description: detail });
    expect(react, detail).toBeGreaterThan(0);
    expect(rest, detail).toBeLessThan(50 * 1024);
    expect(react + rest, detail).toBeLessThan(120 * 1024);
  });
});
