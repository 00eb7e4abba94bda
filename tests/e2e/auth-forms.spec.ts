import { expect, islandsHydrated, test } from './fixture.ts';
import { registerThroughApi, storedKeys, uniqueEmail } from './auth-support.ts';
import { createDraft, signInBrowser } from './tracking-support.ts';

const validatePattern = (slug: string, token: string) => new RegExp(`/${slug}/validate/${token}$`);

test.describe('Register /auth/register', () => {
  test('from the sign-in choice: empty fields are flagged, the server says what is wrong, then the diner reaches Validate', async ({
    page,
    context,
    request,
  }) => {
    const draft = await createDraft(request);
    await signInBrowser(context, draft, null);
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Me connecter avec mon compte' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await page.getByRole('link', { name: 'Créer un compte' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Créer un compte' })).toBeVisible();

    const firstname = page.getByRole('textbox', { name: 'Prénom' });
    const lastname = page.getByRole('textbox', { name: 'Nom', exact: true });
    const phone = page.getByRole('textbox', { name: 'Téléphone' });
    const email = page.getByRole('textbox', { name: 'Email' });
    const password = page.getByLabel(/^Mot de passe/);
    const submit = page.getByRole('button', { name: 'Créer mon compte' });
    // Enabled once the island runs.
    await expect(submit).toBeEnabled();
    await expect(phone).toHaveAccessibleDescription('Le numéro de téléphone est obligatoire.');
    await expect(email).toHaveAccessibleDescription('Utilisé pour la facture.');

    // Empty: every field flagged, no message (spec section 5), focus on the first one.
    await submit.click();
    for (const field of [firstname, lastname, phone, email, password]) await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(firstname).toBeFocused();
    await expect(page.locator('.au-error')).toHaveCount(0);

    await firstname.fill('Léa');
    await lastname.fill('Bernard');
    await phone.fill('06 12 34 56 78');
    await email.fill('lea@');
    await password.fill('court');
    await submit.click();
    await expect(page.getByText('Email invalide')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');

    // The server refuses the password; its message shows under the field.
    await email.fill(uniqueEmail('lea'));
    await submit.click();
    await expect(password).toHaveAccessibleDescription('Le mot de passe doit contenir au moins 8 caractères.');
    await expect(submit).toBeEnabled();

    // Show / hide toggles the password's visibility.
    const toggle = page.getByRole('button', { name: 'Afficher le mot de passe' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(password).toHaveAttribute('type', 'text');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await toggle.click();
    await expect(password).toHaveAttribute('type', 'password');

    await password.fill('un-mot-de-passe-bien-long');
    await submit.click();
    await expect(page).toHaveURL(validatePattern(draft.slug, draft.token));
    await expect(page.getByRole('heading', { level: 1, name: 'À valider' })).toBeVisible();
    const stored = await storedKeys(page);
    expect(stored.bearer).toBeTruthy();
    expect(stored.refresh_token).toBeTruthy();
  });
});

test.describe('Login /auth/login', () => {
  test('a wrong password says so on the password field; the right one leads to Validate', async ({ page, context, request }) => {
    const account = await registerThroughApi(request);
    const draft = await createDraft(request);
    await signInBrowser(context, draft, null);
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Mot de passe oublié ?' })).toHaveAttribute('href', '/auth/forgot_password');

    const email = page.getByRole('textbox', { name: 'Email' });
    const password = page.getByLabel('Mot de passe');
    const submit = page.getByRole('button', { name: 'Se connecter' });
    await expect(submit).toBeEnabled();

    // Empty and malformed: flagged only.
    await submit.click();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await email.fill('pas-un-email');
    await password.fill('x');
    await submit.click();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAttribute('aria-invalid', 'false');

    await email.fill(account.email);
    await password.fill('pas-le-bon-mot-de-passe');
    await submit.click();
    await expect(password).toHaveAccessibleDescription("Le mot de passe est erroné ou le compte n'existe pas.");
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(submit).toBeEnabled();
    expect((await storedKeys(page)).bearer).toBeNull();

    await password.fill(account.password);
    await submit.click();
    await expect(page).toHaveURL(validatePattern(draft.slug, draft.token));
    expect((await storedKeys(page)).refresh_token).toBeTruthy();
  });

  test('while the login call runs the button is disabled', async ({ page, request }) => {
    const account = await registerThroughApi(request);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/oauth/token', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/auth/login');
    const submit = page.getByRole('button', { name: 'Se connecter' });
    await expect(submit).toBeEnabled();
    await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
    await page.getByLabel('Mot de passe').fill(account.password);
    await submit.click();
    await expect(submit).toBeDisabled();
    await expect(submit).toHaveAttribute('aria-busy', 'true');
    release();
    // No booking stored: a signed-in diner without a merchant ends on their account page.
    await expect(page).toHaveURL(/\/account$/);
  });
});

test.describe('Forgot password /auth/forgot_password', () => {
  test('a malformed email is refused; a good one shows the success banner', async ({ page }) => {
    await page.goto('/auth/forgot_password');
    await expect(page.getByRole('heading', { level: 1, name: 'Mot de passe oublié' })).toBeVisible();
    const email = page.getByRole('textbox', { name: 'Email' });
    const submit = page.getByRole('button', { name: 'Envoyer le lien' });
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(email).toHaveAccessibleDescription('Email invalide');
    await email.fill('quelqu-un@example.test');
    await submit.click();
    await expect(page.getByRole('status').filter({ hasText: 'Si un compte' })).toHaveText(
      "Si un compte utilise cet email, un lien pour réinitialiser le mot de passe vient d'y être envoyé.",
    );
    await expect(email).toHaveAttribute('aria-invalid', 'false');
  });
});

test.describe('NoAuth /auth/no_account', () => {
  test('guest details with the phone widget used by keyboard, then Validate', async ({ page, context, request }) => {
    const draft = await createDraft(request);
    await signInBrowser(context, draft, null);
    await page.goto('/auth/no_account');
    await expect(page.getByRole('heading', { level: 1, name: 'Vos coordonnées' })).toBeVisible();
    const submit = page.getByRole('button', { name: 'Continuer' });
    await expect(submit).toBeEnabled();

    await submit.click();
    await expect(page.getByText('Ce champ est obligatoire.')).toHaveCount(3);

    await page.getByRole('textbox', { name: 'Prénom' }).fill('Camille');
    await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Durand');
    await page.getByRole('textbox', { name: 'Nom', exact: true }).press('Tab');

    // The country control: France by default; arrow keys open it, typing finds a country by name.
    const country = page.getByRole('combobox', { name: /^Pays/ });
    await expect(country).toBeFocused();
    await expect(country).toHaveAccessibleName('Pays France (+33)');
    await expect(country).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('ArrowDown');
    await expect(country).toHaveAttribute('aria-expanded', 'true');
    const list = page.getByRole('listbox', { name: 'Pays' });
    await expect(list).toBeVisible();
    await expect(list.getByRole('option', { selected: true })).toHaveText(/France/);
    await page.keyboard.type('bel', { delay: 60 });
    await expect(list.getByRole('option', { selected: true })).toHaveText(/Belgique/);
    const active = await country.getAttribute('aria-activedescendant');
    expect(active).toBeTruthy();
    await expect(page.locator(`[id="${active}"]`)).toHaveText(/Belgique.*\+32/);
    await page.keyboard.press('Enter');
    await expect(list).toBeHidden();
    await expect(country).toHaveAccessibleName('Pays Belgique (+32)');

    // After the pick the number field has focus.
    const phone = page.getByRole('textbox', { name: 'Téléphone' });
    await expect(phone).toBeFocused();
    await expect(phone).toHaveAttribute('placeholder', 'Entrez votre numéro de téléphone');
    await page.keyboard.type('12');
    await submit.click();
    await expect(phone).toHaveAccessibleDescription('Ce numéro est trop court.');
    await phone.fill('0470 12 34 56');
    await phone.press('Tab');
    // A valid number is rewritten in international format once the field is left.
    await expect(phone).toHaveValue('+32 470 12 34 56');

    await page.getByRole('checkbox', { name: 'Recevoir une confirmation par email' }).check();
    const email = page.getByRole('textbox', { name: 'Email' });
    await email.fill('camille@');
    await submit.click();
    await expect(email).toHaveAccessibleDescription('Email invalide');
    await email.fill('camille.durand@example.org');
    await submit.click();

    await expect(page).toHaveURL(validatePattern(draft.slug, draft.token));
    await expect(page.getByText(/\+32 ?470 ?12 ?34 ?56/)).toBeVisible();
    expect((await storedKeys(page)).bearer).toBeTruthy();
  });

  test('the country list closes on Escape, Tab and a click outside, and opens with Space', async ({ page }) => {
    await page.goto('/auth/no_account');
    await expect(page.getByRole('button', { name: 'Continuer' })).toBeEnabled();
    const country = page.getByRole('combobox', { name: /^Pays/ });
    const list = page.getByRole('listbox', { name: 'Pays' });
    await country.focus();
    await page.keyboard.press(' ');
    await expect(list).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(country).toBeFocused();

    await page.keyboard.press('ArrowUp');
    await expect(list).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(list).toBeHidden();
    await expect(page.getByRole('textbox', { name: 'Téléphone' })).toBeFocused();

    await country.click();
    await expect(list).toBeVisible();
    // Room enough below on a 720 px high window: it opens downwards.
    const [listBox, controlBox] = await Promise.all([list.boundingBox(), country.boundingBox()]);
    expect(listBox!.y).toBeGreaterThanOrEqual(controlBox!.y + controlBox!.height);
    await page.getByRole('heading', { level: 1 }).click();
    await expect(list).toBeHidden();

    // A click on an option picks it.
    await country.click();
    await list.getByRole('option', { name: /Italie/ }).click();
    await expect(country).toHaveAccessibleName('Pays Italie (+39)');
  });

  test('the country list opens above the control when less than 200 px are left below it', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 600 });
    await page.goto('/auth/no_account');
    await expect(page.getByRole('button', { name: 'Continuer' })).toBeEnabled();
    const country = page.getByRole('combobox', { name: /^Pays/ });
    const controlTop = await country.boundingBox();
    expect(600 - (controlTop!.y + controlTop!.height)).toBeLessThanOrEqual(200);
    await country.click();
    const list = page.getByRole('listbox', { name: 'Pays' });
    const [listBox, controlBox] = await Promise.all([list.boundingBox(), country.boundingBox()]);
    expect(listBox!.y + listBox!.height).toBeLessThanOrEqual(controlBox!.y);
  });
});

test.describe('the close button of the sign-in screens', () => {
  test('goes back to the previous page of the site, else to a sensible page', async ({ page, context, request }) => {
    const draft = await createDraft(request);
    await signInBrowser(context, draft, null);
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Me connecter avec mon compte' }).click();
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeEnabled();
    await page.getByRole('button', { name: 'Fermer' }).click();
    await expect(page).toHaveURL(/\/auth$/);

    // Opened directly: /auth closes to the booking home of the stored merchant.
    await expect(page.getByRole('link', { name: 'Continuer sans compte' })).toBeVisible();
    const fresh = await context.newPage();
    await fresh.goto('/auth');
    await expect(fresh.getByRole('link', { name: 'Continuer sans compte' })).toBeVisible();
    // The close button acts once its island has hydrated: the link above is there before.
    await islandsHydrated(fresh);
    await fresh.getByRole('button', { name: 'Fermer' }).click();
    await expect(fresh).toHaveURL(new RegExp(`/${draft.slug}$`));
  });
});
