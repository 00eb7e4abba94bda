import { expect, test } from './fixture.ts';
import { createDraft, guestSession, signInBrowser } from './tracking-support.ts';

const SLUG = 'le-petit-zinc';

test.describe('a link naming no booking', () => {
  test('the tracking page of an unknown token says the booking does not exist, in the diner\u2019s language, with a way back', async ({ page }) => {
    await page.goto(`/${SLUG}/booking_complete/abc`);
    await expect(page.getByRole('alert')).toHaveText("Cette réservation n'existe pas.");
    await expect(page.getByRole('link', { name: 'Retour au restaurant' })).toHaveAttribute('href', `/${SLUG}`);

    await page.goto(`/${SLUG}/booking_complete/abc?lang=en`);
    await expect(page.getByRole('alert')).toHaveText('This booking does not exist.');
    await page.getByRole('link', { name: 'Back to the restaurant' }).click();
    await expect(page).toHaveURL(new RegExp(`/${SLUG}$`));
  });

  test('the Validate page of an unknown token says the booking does not exist, with a way back', async ({ page, context, request }) => {
    const draft = await createDraft(request);
    await signInBrowser(context, draft, await guestSession(request, draft.token));
    await page.goto(`/${SLUG}/validate/abc`);
    await expect(page.getByRole('alert')).toHaveText("Cette réservation n'existe pas.");
    await expect(page.getByRole('link', { name: 'Retour au restaurant' })).toHaveAttribute('href', `/${SLUG}`);
  });
});
