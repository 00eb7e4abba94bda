import { expect, islandsHydrated, test } from './fixture.ts';
import { expectNoSeriousAxeViolation } from './auth-support.ts';
import { createDraft, guestSession, signInBrowser } from './tracking-support.ts';

test.describe('axe on the sign-in screens', () => {
  for (const [path, heading] of [
    ['/auth', 'Connexion'],
    ['/auth/login', 'Connexion'],
    ['/auth/register', 'Créer un compte'],
    ['/auth/forgot_password', 'Mot de passe oublié'],
    ['/auth/no_account', 'Vos coordonnées'],
  ] as const) {
    test(`${path}: no serious or critical violation, with its errors shown`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText('Chargement des options de connexion…')).toBeHidden();
      await expectNoSeriousAxeViolation(page);
      const submit = page.locator('button[type="submit"]');
      if ((await submit.count()) > 0) {
        await submit.click();
        await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
        await expectNoSeriousAxeViolation(page);
      }
    });
  }

  test('/auth/no_account with the country list open', async ({ page }) => {
    await page.goto('/auth/no_account');
    await islandsHydrated(page);
    await page.getByRole('combobox', { name: /^Pays/ }).click();
    await expect(page.getByRole('listbox', { name: 'Pays' })).toBeVisible();
    await expectNoSeriousAxeViolation(page);
  });

  test('/auth/onboarding', async ({ page, context, request }) => {
    const draft = await createDraft(request);
    await signInBrowser(context, draft, await guestSession(request, draft.token));
    await page.goto('/auth/onboarding');
    await expect(page.getByRole('textbox', { name: 'Prénom' })).toHaveValue('Camille');
    await expectNoSeriousAxeViolation(page);
  });

  test('in English the screens speak English without a flash of French', async ({ page }) => {
    await page.goto('/auth/login?lang=en');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close' })).toBeVisible();
    await expect(page.getByText('Se connecter')).toBeHidden();
  });
});
