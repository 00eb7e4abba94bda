import { expect, test } from './fixture.ts';
import { createDraft, guestSession, validateThroughApi } from './tracking-support.ts';

test.describe('the first page a diner opens, reopened offline', () => {
  // The site's service worker is what keeps pages for offline use (the config blocks it elsewhere).
  test.use({ serviceWorkers: 'allow' });

  test('the tracking page opened first from the SMS link opens again offline with the booking as last seen', async ({ page, context, request }) => {
    const draft = await createDraft(request);
    await validateThroughApi(request, draft, await guestSession(request, draft.token));
    const link = `/${draft.slug}/booking_complete/${draft.token}`;
    // A browser that never saw the site: no service worker yet when this page loads.
    await page.goto(link);
    await expect(page.getByText('En attente', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    // The island is up: it keeps each answer of the booking for offline use.
    await expect(page.locator('[data-live="subscribed"]')).toHaveCount(1);
    // The worker installs while the page is open; no reload, no second visit.
    await expect
      .poll(() => page.evaluate(async () => (await caches.match(location.href)) !== undefined), {
        message: 'the open page is kept for offline use',
        timeout: 15_000,
      })
      .toBe(true);

    await context.setOffline(true);
    const again = await context.newPage();
    await again.goto(link);
    await expect(again.getByRole('heading', { level: 1, name: 'Ma réservation' })).toBeVisible();
    await expect(again.getByText('En attente', { exact: true })).toBeVisible();
    await expect(again.getByText(/Vous êtes hors ligne/)).toBeVisible();
    await expect(again.getByText(/Hors ligne : voici votre réservation telle qu'elle était/)).toBeVisible();
    await expect(again.locator('.trk-illustration')).toBeVisible();
    await context.setOffline(false);
  });
});
