/**
 * The staff sign-in at /pro on a slow connection: what the host types before the page's scripts run is kept and sent;
 * a forgotten password mails a reset link; the staff pages hydrate without a console error, in French and in English.
 */
import type { ConsoleMessage, Page } from '@playwright/test';
import { expect, islandsHydrated, test } from './fixture.ts';
import { waitForMail } from './mail-outbox-support.ts';
import { SALLE } from './staff-book-support.ts';

/** Every console error and uncaught exception of a page, from now on. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('what the host types before the sign-in\u2019s scripts have loaded is kept and signs them in', async ({ page }) => {
  // A slow restaurant connection: the island's code arrives only once the host has typed both fields (held, not timed).
  let typed!: () => void;
  const allTyped = new Promise<void>((resolve) => (typed = resolve));
  await page.route('**/_astro/*.js', async (route) => {
    await allTyped;
    await route.continue();
  });
  // Only until the answer starts: the page's load (and DOMContentLoaded) waits for the module scripts held above.
  await page.goto('/pro', { waitUntil: 'commit' });
  const submit = page.getByRole('button', { name: 'Se connecter' });
  const email = page.getByRole('textbox', { name: 'E-mail' });
  const password = page.getByLabel('Mot de passe', { exact: true });
  await email.waitFor();
  await expect(submit).toBeDisabled();
  await email.pressSequentially(SALLE.email);
  await password.pressSequentially(SALLE.password);
  await expect(submit).toBeDisabled();
  typed();

  await expect(submit).toBeEnabled({ timeout: 20_000 });
  await expect(email).toHaveValue(SALLE.email);
  await expect(password).toHaveValue(SALLE.password);
  await submit.click();
  await page.waitForURL('**/pro/le-petit-zinc');
});

test('a forgotten password: the sign-in offers a reset link, which the staff member receives by mail', async ({ page }) => {
  await page.goto('/pro');
  await islandsHydrated(page);
  await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mot de passe oublié' })).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail' }).fill(SALLE.email);
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'un lien pour choisir un nouveau mot de passe vient d' })).toBeVisible();
  await waitForMail(SALLE.email, /https?:\/\/\S+\/auth\/reset_password\S*/);
  await page.getByRole('button', { name: 'Retour à la connexion' }).click();
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
});

for (const locale of ['fr-FR', 'en-GB']) {
  test(`the sign-in and the book hydrate without a console error (${locale})`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, locale, serviceWorkers: 'block' });
    const page = await context.newPage();
    const errors = consoleErrors(page);
    await page.goto('/pro');
    await islandsHydrated(page);
    const english = locale.startsWith('en');
    await page.getByRole('textbox', { name: english ? 'Email' : 'E-mail' }).fill(SALLE.email);
    await page.getByLabel(english ? 'Password' : 'Mot de passe', { exact: true }).fill(SALLE.password);
    await page.getByRole('button', { name: english ? 'Sign in' : 'Se connecter' }).click();
    await page.waitForURL('**/pro/le-petit-zinc');
    await expect(page.locator('[data-live="subscribed"]')).toHaveCount(1, { timeout: 10_000 });
    // A fresh load of the book itself, signed in.
    await page.reload();
    await islandsHydrated(page);
    await expect(page.locator('[data-live="subscribed"]')).toHaveCount(1, { timeout: 10_000 });
    expect(errors).toEqual([]);
    await context.close();
  });
}
