import { expect, test } from './fixture.ts';
import { createDraft, guestSession, signInBrowser } from './tracking-support.ts';
import { registerAccount } from './booking-home-support.ts';

const notSignedInOnly = ['/auth', '/auth/login', '/auth/register', '/auth/forgot_password', '/auth/no_account'];

test.describe('the navigation guard (spec section 2)', () => {
  for (const path of ['/auth/onboarding', '/le-petit-zinc/validate/TOKEN-0123456789abcdef']) {
    test(`without a bearer, ${path} redirects to /auth`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/auth$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
    });
  }

  test('signed in with a current merchant and its token, every not-signed-in-only page goes to Validate', async ({ page, context, request }) => {
    const draft = await createDraft(request);
    await signInBrowser(context, draft, await guestSession(request, draft.token));
    for (const path of notSignedInOnly) {
      await page.goto(path);
      await expect(page, path).toHaveURL(new RegExp(`/${draft.slug}/validate/${draft.token}$`));
    }
  });

  test("signed in with a current merchant but no token, they go to that merchant's booking home", async ({ page, context, request }) => {
    const draft = await createDraft(request);
    const bearer = await guestSession(request, draft.token);
    await context.addInitScript((stored) => {
      localStorage.setItem('bearer', stored);
      localStorage.setItem('current_merchant', 'sakura-ramen');
    }, bearer);
    for (const path of notSignedInOnly) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/sakura-ramen$/);
    }
  });

  test('signed in to an account without a current merchant, they go to the account page, not "this restaurant does not exist"', async ({
    page,
    context,
    request,
  }) => {
    const bearer = await registerAccount(request);
    await context.addInitScript((stored) => localStorage.setItem('bearer', stored), bearer);
    for (const path of notSignedInOnly) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/account$/);
    }
  });

  test('a signed-in diner may open Onboarding', async ({ page, context, request }) => {
    const draft = await createDraft(request);
    await signInBrowser(context, draft, await guestSession(request, draft.token));
    await page.goto('/auth/onboarding');
    await expect(page.getByRole('textbox', { name: 'Prénom' })).toHaveValue('Camille');
    // A guest may change the email.
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('camille.durand@example.org');
    await expect(page.getByRole('textbox', { name: 'Email' })).toBeEditable();
    await expect(page).toHaveURL(/\/auth\/onboarding$/);
  });
});
