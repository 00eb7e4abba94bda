import { expect, test } from './fixture.ts';
import { pendingBooking, postJson, restaurantAction, signInBrowser, trackingPath } from './tracking-support.ts';

test.describe('the tracking page offers one way to change a booking, and book again once it is over', () => {
  test('a pending booking has one link that changes it, with the calendar, the directions and how it works', async ({ page, context, request }) => {
    const { draft, bearer } = await pendingBooking(request);
    await signInBrowser(context, draft, bearer);
    await page.goto(trackingPath(draft));
    await expect(page.getByText('En attente')).toBeVisible();
    await expect(page.locator(`a[href="/${draft.slug}?token=${draft.token}"]`)).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Modifier', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ajouter à mon agenda' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Itinéraire' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Comment ça marche' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Réserver à nouveau' })).toHaveCount(0);
  });

  for (const [what, end] of [
    ['refused by the restaurant', 'refuse'],
    ['cancelled by the diner', 'cancel'],
  ] as const) {
    test(`a booking ${what} offers Book again instead of the calendar, the directions and how it works`, async ({ page, request, server }) => {
      const { draft, bearer } = await pendingBooking(request);
      if (end === 'refuse') await restaurantAction(request, server.adminToken, draft.token, 'refuse', { reason: 'restaurant_full' });
      else expect((await postJson(request, '/api/booking/cancel', { merchant_slug: draft.slug, token: draft.token }, { bearer })).status).toBe(200);
      await page.goto(trackingPath(draft));
      await expect(page.getByText(/^Annulée/).first()).toBeVisible();
      await expect(page.getByRole('link', { name: 'Réserver à nouveau' })).toHaveAttribute('href', `/${draft.slug}`);
      await expect(page.getByRole('link', { name: 'Ajouter à mon agenda' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Itinéraire' })).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Comment ça marche' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Signaler un problème' })).toBeVisible();

      await page.getByRole('link', { name: 'Réserver à nouveau' }).click();
      await expect(page).toHaveURL(new RegExp(`/${draft.slug}$`));
    });
  }
});
