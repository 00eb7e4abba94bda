import { seriousAxeViolations } from './axe.ts';
import { expect, islandsHydrated, test } from './fixture.ts';
import { createDraft, guestSession, postJson, restaurantAction, signInBrowser, validateThroughApi } from './tracking-support.ts';

test.describe('Validate /{slug}/validate/{token}', () => {
  test('a guest with a session sees the recap and their details, must accept the terms, then lands on the tracking page', async ({
    page,
    context,
    request,
  }) => {
    const draft = await createDraft(request);
    await signInBrowser(context, draft, await guestSession(request, draft.token));
    await page.goto(`/${draft.slug}/validate/${draft.token}`);

    await expect(page.getByRole('heading', { level: 1, name: 'À valider' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Votre réservation' })).toBeVisible();
    await expect(page.getByText('2 personnes')).toBeVisible();
    await expect(page.getByText('Camille Durand')).toBeVisible();
    await expect(page.getByText('camille.durand@example.org')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Modifier', exact: true })).toHaveAttribute('href', '/auth/onboarding');

    // Terms off: the condition is flagged red and nothing is sent.
    const terms = page.getByRole('switch', { name: /J'accepte les conditions générales/ });
    await page.getByRole('button', { name: 'Valider ma réservation' }).first().click();
    await expect(terms).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Veuillez accepter les conditions générales pour valider votre réservation.')).toBeVisible();
    await expect(terms).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`/validate/${draft.token}$`));

    await terms.check();
    await expect(terms).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Valider ma réservation' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/${draft.slug}/booking_complete/${draft.token}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Ma réservation' })).toBeVisible();
    await expect(page.getByText('En attente')).toBeVisible();
  });

  test('the terms links open the restaurant and platform terms', async ({ page, context, request }) => {
    const draft = await createDraft(request);
    await signInBrowser(context, draft, await guestSession(request, draft.token));
    await page.goto(`/${draft.slug}/validate/${draft.token}`);
    await expect(page.getByRole('link', { name: 'Conditions générales du restaurant' })).toHaveAttribute('href', '/legal/terms#restaurant');
    await expect(page.getByRole('link', { name: 'Conditions générales de la plateforme' })).toHaveAttribute('href', '/legal/terms');
  });

  test('a comment added through the modal shows in the recap with its edit link', async ({ page, context, request }) => {
    const draft = await createDraft(request);
    await signInBrowser(context, draft, await guestSession(request, draft.token));
    await page.goto(`/${draft.slug}/validate/${draft.token}`);

    const opener = page.getByRole('button', { name: 'Ajouter un commentaire' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter un commentaire' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Votre commentaire' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    await opener.click();
    await dialog.getByRole('textbox', { name: 'Votre commentaire' }).fill('Une chaise haute, merci.');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Une chaise haute, merci.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Modifier', exact: true })).toBeVisible();

    const stored = await postJson<{ booking: { comment: string } }>(request, '/api/booking/get', { token: draft.token, merchant_slug: draft.slug });
    expect(stored.body.booking.comment).toBe('Une chaise haute, merci.');
  });

  test('the floating validate button shows while the main one is off-screen', async ({ page, context, request }) => {
    await page.setViewportSize({ width: 390, height: 500 });
    const draft = await createDraft(request);
    await signInBrowser(context, draft, await guestSession(request, draft.token));
    await page.goto(`/${draft.slug}/validate/${draft.token}`);
    await expect(page.getByRole('heading', { level: 1, name: 'À valider' })).toBeVisible();
    const buttons = page.getByRole('button', { name: 'Valider ma réservation' });
    await expect(buttons).toHaveCount(2);
    await buttons.first().scrollIntoViewIfNeeded();
    await expect(buttons).toHaveCount(1);
  });

  test('without a stored bearer the guard sends the diner to sign in', async ({ page, context, request }) => {
    const draft = await createDraft(request);
    await signInBrowser(context, draft, null);
    await page.goto(`/${draft.slug}/validate/${draft.token}`);
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('a bearer the server refuses (401) clears the session and goes to NoAuth', async ({ page, context, request }) => {
    const draft = await createDraft(request);
    await signInBrowser(context, draft, 'expired-or-unknown-bearer');
    await page.goto(`/${draft.slug}/validate/${draft.token}`);
    await expect(page).toHaveURL(/\/auth\/no_account$/);
    expect(await page.evaluate(() => localStorage.getItem('bearer'))).toBeNull();
  });

  test('entering with a booking already validated goes to the tracking page', async ({ page, context, request }) => {
    const draft = await createDraft(request);
    const bearer = await guestSession(request, draft.token);
    await validateThroughApi(request, draft, bearer);
    await signInBrowser(context, draft, bearer);
    await page.goto(`/${draft.slug}/validate/${draft.token}`);
    await expect(page).toHaveURL(new RegExp(`/booking_complete/${draft.token}$`));
  });

  test('entering with a booking the restaurant refused goes to the booking home', async ({ page, context, request, server }) => {
    const draft = await createDraft(request);
    const bearer = await guestSession(request, draft.token);
    await validateThroughApi(request, draft, bearer);
    await restaurantAction(request, server.adminToken, draft.token, 'refuse', { reason: 'restaurant_full' });
    await signInBrowser(context, draft, bearer);
    await page.goto(`/${draft.slug}/validate/${draft.token}`);
    await expect(page).toHaveURL(new RegExp(`/${draft.slug}$`));
  });

  test('validating a second booking at the same time scrolls to the top and says only one booking is allowed', async ({ page, context, request }) => {
    const email = `limit-${Date.now()}@example.org`;
    const registered = await postJson<{ access_token: string }>(request, '/api/front/user/register', {
      firstname: 'Alex',
      lastname: 'Martin',
      phone: '+33698765432',
      email,
      password: 'a-long-enough-password-42',
    });
    const bearer = registered.body.access_token;
    const first = await createDraft(request);
    // The same slot again, for the same diner: the restaurant has a second table for it.
    const second = await postJson<{ token: string }>(
      request,
      '/api/booking/create',
      { merchant_slug: first.slug, datetime: first.timestamp, booking_zone_id: 'all', client_count: 2 },
      { bearer },
    );
    await postJson(request, '/api/booking/update_user', { token: first.token, merchant_slug: first.slug }, { bearer });
    await validateThroughApi(request, first, bearer);

    const draft = { ...first, token: second.body.token };
    await signInBrowser(context, draft, bearer);
    await page.goto(`/${draft.slug}/validate/${draft.token}`);
    await islandsHydrated(page);
    await page.getByRole('switch', { name: /J'accepte/ }).check();
    await page.getByRole('button', { name: 'Valider ma réservation' }).first().click();
    await expect(page.getByRole('alert')).toHaveText(/déjà réservé|une seule réservation/i);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page).toHaveURL(new RegExp(`/validate/${draft.token}$`));
  });

  test('axe finds no serious or critical violation', async ({ page, context, request }) => {
    const draft = await createDraft(request);
    await signInBrowser(context, draft, await guestSession(request, draft.token));
    await page.goto(`/${draft.slug}/validate/${draft.token}`);
    await expect(page.getByRole('heading', { level: 1, name: 'À valider' })).toBeVisible();
    // The condition error state too: the red flag must stay readable.
    await page.getByRole('button', { name: 'Valider ma réservation' }).first().click();
    await expect(page.getByRole('switch')).toHaveAttribute('aria-invalid', 'true');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
