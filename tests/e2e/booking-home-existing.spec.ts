import { expect, islandsHydrated, test } from './fixture.ts';
import { frenchLongDate } from './booking-home-support.ts';
import { createDraft, guestSession, postJson, signInBrowser, validateThroughApi, type E2EDraft } from './tracking-support.ts';

interface BookingView {
  ref: string;
  status: number | null;
  bookingForDate: string;
  bookingForHour: string;
  comment: string;
}

async function bookingOf(request: Parameters<typeof postJson>[0], draft: E2EDraft): Promise<BookingView> {
  return (await postJson<{ booking: BookingView }>(request, '/api/booking/get', { token: draft.token, merchant_slug: draft.slug })).body.booking;
}

test.describe('BookingHome with an existing booking', () => {
  test('the cancel modal shows the booking, keeps focus inside, closes with Escape back to its button, and cancels on confirm', async ({
    page,
    context,
    request,
  }) => {
    const draft = await createDraft(request, 'le-petit-zinc', 2);
    const bearer = await guestSession(request, draft.token);
    await validateThroughApi(request, draft, bearer);
    const booking = await bookingOf(request, draft);
    await signInBrowser(context, draft, bearer);
    // The tracking page's Edit link opens it (a stored token alone starts a new booking, see booking-home-again).
    await page.goto(`/${draft.slug}?token=${draft.token}`);

    const opener = page.getByRole('button', { name: 'Annuler la réservation' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Annuler cette réservation ?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect(dialog.getByText(`${frenchLongDate(booking.bookingForDate)} à ${booking.bookingForHour}`)).toBeVisible();
    await expect(dialog.getByText(`Référence #${booking.ref}`)).toBeVisible();
    await expect(dialog.getByText('2 personnes')).toBeVisible();

    const close = dialog.getByRole('button', { name: 'Fermer' });
    const confirm = dialog.getByRole('button', { name: "Confirmer l'annulation" });
    await expect(close).toBeFocused();
    // Focus is trapped: Tab from the last control wraps to the first, Shift+Tab from the first to the last.
    await page.keyboard.press('Tab');
    await expect(confirm).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(close).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(confirm).toBeFocused();
    // The red confirm button.
    expect(await confirm.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(180, 35, 24)');

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    expect((await bookingOf(request, draft)).status).toBe(10);

    await opener.click();
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await expect(dialog).toBeHidden();

    await opener.click();
    await confirm.click();
    await expect(page).toHaveURL(new RegExp(`/${draft.slug}/booking_complete/${draft.token}$`));
    expect((await bookingOf(request, draft)).status).toBe(40);
  });

  test('the comment modal saves the comment', async ({ page, context, request }) => {
    const draft = await createDraft(request, 'le-petit-zinc', 2);
    const bearer = await guestSession(request, draft.token);
    await validateThroughApi(request, draft, bearer);
    await signInBrowser(context, draft, bearer);
    await page.goto(`/${draft.slug}?token=${draft.token}`);

    const opener = page.getByRole('button', { name: 'Ajouter un commentaire' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter un commentaire' });
    const field = dialog.getByRole('textbox', { name: 'Votre commentaire' });
    await expect(field).toBeFocused();
    expect(await field.evaluate((element) => element.getBoundingClientRect().height)).toBeGreaterThanOrEqual(100);
    await field.fill('Anniversaire : une bougie sur le dessert.');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Modifier le commentaire' })).toBeFocused();
    expect((await bookingOf(request, draft)).comment).toBe('Anniversaire : une bougie sur le dessert.');
  });

  test('a comment that cannot be saved leaves the modal open with its button usable again, and says nothing', async ({ page, context, request }) => {
    const draft = await createDraft(request, 'le-petit-zinc', 2);
    const bearer = await guestSession(request, draft.token);
    await validateThroughApi(request, draft, bearer);
    await signInBrowser(context, draft, bearer);
    await page.goto(`/${draft.slug}?token=${draft.token}`);
    await islandsHydrated(page);
    await page.getByRole('button', { name: 'Ajouter un commentaire' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter un commentaire' });
    await dialog.getByRole('textbox', { name: 'Votre commentaire' }).fill('Près de la fenêtre.');
    // The session is gone: the server refuses to change a booking that belongs to someone.
    await page.evaluate(() => localStorage.removeItem('bearer'));
    const save = dialog.getByRole('button', { name: 'Enregistrer' });
    const refused = page.waitForResponse((response) => response.url().endsWith('/api/booking/set_comment'));
    await save.click();
    expect((await refused).ok()).toBe(false);
    await expect(save).toBeEnabled();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    expect((await bookingOf(request, draft)).comment).toBe('');
  });

  test('a diner with a live booking here sees the banner linking to it', async ({ page, context, request }) => {
    const draft = await createDraft(request, 'le-petit-zinc', 2);
    const bearer = await guestSession(request, draft.token);
    await validateThroughApi(request, draft, bearer);
    // Signed in, but no booking token stored: the page starts a new booking and points at the current one.
    await signInBrowser(context, { ...draft, token: '' }, bearer);
    await page.goto(`/${draft.slug}`);
    const banner = page.getByRole('complementary', { name: 'Vous avez déjà une réservation dans ce restaurant.' });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Voir ma réservation' })).toHaveAttribute('href', `/${draft.slug}/booking_complete/${draft.token}`);
  });
});
