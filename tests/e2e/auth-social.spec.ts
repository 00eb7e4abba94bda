import type { Page } from '@playwright/test';
import { E2E_GOOGLE_PEOPLE } from './e2e-env.ts';
import { expect, islandsHydrated, test } from './fixture.ts';
import { serveEmbeddingPage, storedKeys } from './auth-support.ts';
import { createDraft, signInBrowser } from './tracking-support.ts';

/** Walks the Google stand-in's login and consent pages (a real OpenID Connect provider) as a person would. */
async function signInAtGoogle(page: Page, login: keyof typeof E2E_GOOGLE_PEOPLE): Promise<void> {
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test.describe('social sign-in from /auth', () => {
  test('Google: the login host, the provider, back with authed=true, authCheck, then Validate (and Onboarding for the missing phone)', async ({
    page,
    context,
    request,
  }) => {
    const draft = await createDraft(request);
    await signInBrowser(context, draft, null);
    await page.goto('/auth');
    const google = page.getByRole('button', { name: 'Continuer avec Google' });
    await expect(google).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continuer avec Facebook' })).toBeVisible();

    const toLoginHost = page.waitForRequest((request) => new URL(request.url()).pathname === '/login/google');
    await google.click();
    const start = new URL((await toLoginHost).url());
    expect(start.searchParams.get('redirect')).toBe('/auth?authed=true');
    const userToken = start.searchParams.get('userToken');
    expect(userToken).toMatch(/^[0-9a-f]{32}$/);

    await signInAtGoogle(page, 'alice');
    // authCheck trades the stored userToken for a bearer; Validate then asks the new diner for a phone.
    await expect(page).toHaveURL(/\/auth\/onboarding$/, { timeout: 15_000 });
    const stored = await storedKeys(page);
    expect(stored.bearer).toBeTruthy();
    expect(stored.userToken).toBeNull();

    await expect(page.getByRole('textbox', { name: 'Prénom' })).toHaveValue('Alice');
    const email = page.getByRole('textbox', { name: 'Email' });
    await expect(email).toHaveValue('alice.martin@gmail.test');
    // An account's email is not editable here.
    await expect(email).toHaveAttribute('readonly', '');
    await expect(page.getByText('Une confirmation vous sera envoyée par SMS après validation.')).toBeVisible();
    const submit = page.getByRole('button', { name: 'Enregistrer' });
    await submit.click();
    await expect(page.getByRole('textbox', { name: 'Téléphone' })).toHaveAccessibleDescription(
      'Un numéro de téléphone est nécessaire pour vous joindre en cas de problème avec votre réservation.',
    );
    await page.getByRole('textbox', { name: 'Téléphone' }).fill('06 98 76 54 32');
    await submit.click();
    await expect(page).toHaveURL(new RegExp(`/${draft.slug}/validate/${draft.token}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'À valider' })).toBeVisible();
  });

  test('Facebook: the same round trip through the OAuth 2.0 stand-in', async ({ page, context, request }) => {
    const draft = await createDraft(request);
    await signInBrowser(context, draft, null);
    await page.goto('/auth');
    await islandsHydrated(page);
    await page.getByRole('button', { name: 'Continuer avec Facebook' }).click();
    // Through Validate, which sends the new diner (no phone yet) on to Onboarding.
    await expect(page).toHaveURL(/\/auth\/onboarding$/, { timeout: 15_000 });
    await expect(page.getByRole('textbox', { name: 'Prénom' })).toHaveValue('Bruno');
    expect((await storedKeys(page)).bearer).toBeTruthy();
  });

  test('a provider refusal comes back with auth_error and is said on /auth', async ({ page }) => {
    await page.goto('/auth?auth_error=access_denied');
    await expect(page.getByRole('alert')).toHaveText("La connexion n'a pas abouti. Réessayez ou choisissez une autre méthode.");
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('a return with a userToken nobody signed in with stays signed out and says so', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('userToken', 'no-sign-in-is-bound-to-this-token'));
    await page.goto('/auth?authed=true');
    await expect(page.getByRole('alert')).toContainText("La connexion n'a pas abouti");
    expect((await storedKeys(page)).bearer).toBeNull();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('inside an iframe only the guest path is offered (the providers and the password pages refuse to be framed)', async ({ page, server }) => {
    // A restaurant's own site embedding the sign-in choice.
    const host = await serveEmbeddingPage(`${server.url}/auth`);
    try {
      await page.goto(host.url);
      const frame = page.frameLocator('iframe[title="Réservation"]');
      await expect(frame.getByRole('link', { name: 'Continuer sans compte' })).toBeVisible();
      await expect(frame.getByText('Chargement des options de connexion…')).toBeHidden();
      // The sign-in page refuses to be framed, so its link is not offered there.
      await expect(frame.getByRole('link', { name: 'Me connecter avec mon compte' })).toHaveCount(0);
      await expect(frame.getByRole('button', { name: /Continuer avec/ })).toHaveCount(0);
    } finally {
      await host.close();
    }
    // The same page at the top level shows them.
    await page.goto('/auth');
    await expect(page.getByRole('button', { name: /Continuer avec/ })).toHaveCount(2);
  });

  test('while the login methods load, a loading indicator shows and no social button', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/mobile/login_methods', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/auth');
    await expect(page.getByRole('status').filter({ hasText: 'Chargement des options de connexion…' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Continuer avec/ })).toHaveCount(0);
    release();
    await expect(page.getByRole('button', { name: /Continuer avec/ })).toHaveCount(2);
    await expect(page.getByText('Chargement des options de connexion…')).toBeHidden();
  });
});
