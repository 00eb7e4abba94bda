/** The staff book's e2e helpers: Claire and Salle of Le Petit Zinc, and a staff member signed in through /pro in a context of their own. */
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, islandsHydrated } from './fixture.ts';

/** Le Petit Zinc's demo staff member. */
export const CLAIRE = { email: 'claire@le-petit-zinc.example', password: 'zinc-comptoir-1952' };

/** Le Petit Zinc's other demo staff member (the e2e server lifts the sign-in limits: one address makes every request). */
export const SALLE = { email: 'salle@le-petit-zinc.example', password: 'ardoise-du-jour-75009' };

/** A tablet's viewport, the staff's first screen. */
export const TABLET = { width: 1024, height: 768 };
/** A phone's viewport. */
export const PHONE = { width: 390, height: 844 };

/** Signs a staff member in through /pro in a context of their own; the page lands on their book, live. */
export async function staffBook(
  browser: Browser,
  baseURL: string,
  who: { email: string; password: string },
  slug: string,
  day?: string,
  prepare?: (page: Page) => Promise<void>,
): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'fr-FR', serviceWorkers: 'block' });
  const page = await context.newPage();
  await prepare?.(page);
  await page.goto('/pro');
  await islandsHydrated(page);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(who.email);
  await page.getByLabel('Mot de passe').fill(who.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL(`**/pro/${slug}`);
  if (day) await page.goto(`/pro/${slug}?day=${day}`);
  await expect(page.locator('[data-live="subscribed"]')).toHaveCount(1, { timeout: 10_000 });
  return page;
}

/**
 * Empties a number field from the keyboard as staff do (End, Backspace: one digit) and checks it stays empty rather than
 * snapping to a number, then types `typed` and checks the field shows it.
 */
export async function emptyThenType(field: Locator, typed: string): Promise<void> {
  await emptyByKeyboard(field);
  await field.pressSequentially(typed);
  await expect(field).toHaveValue(typed);
}

/** Empties a one-digit number field from the keyboard and checks it stays empty. */
export async function emptyByKeyboard(field: Locator): Promise<void> {
  await field.focus();
  await field.press('End');
  await field.press('Backspace');
  await expect(field).toHaveValue('');
}
