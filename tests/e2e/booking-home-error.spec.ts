import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixture.ts';
import { merchantDefinition } from './booking-home-support.ts';

const SLUG = 'e2e-comptoir-endormi';
// Each change of a merchant rebuilds the site (a few seconds to a minute on a busy machine).
const REBUILD_MS = 150_000;

async function putMerchant(request: APIRequestContext, adminToken: string, bookingEnabled: boolean): Promise<void> {
  const response = await request.put(`/api/admin/merchants/${SLUG}`, {
    data: merchantDefinition(SLUG, bookingEnabled),
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Waits until the served page of the merchant satisfies `ready`. */
async function untilPage(request: APIRequestContext, ready: (status: number, html: string) => boolean): Promise<void> {
  await expect
    .poll(
      async () => {
        const response = await request.get(`/${SLUG}`);
        return ready(response.status(), await response.text());
      },
      { timeout: REBUILD_MS, intervals: [500, 1000, 2000] },
    )
    .toBe(true);
}

test.describe('the main booking error', () => {
  test('booking_not_activated shows the error page: the message, the phone to call, a link back to the provider', async ({ page, request, server }) => {
    test.setTimeout(3 * REBUILD_MS);
    // The page is built while booking is on; then the restaurant turns it off: the API now answers booking_not_activated.
    await putMerchant(request, server.adminToken, true);
    await untilPage(request, (status, html) => status === 200 && html.includes('id="booking-app"'));
    await putMerchant(request, server.adminToken, false);

    await page.goto(`/${SLUG}`);
    const error = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Réservation indisponible' }) });
    await expect(error).toBeVisible();
    await expect(error.getByText("La réservation n'est pas encore activée pour ce restaurant.")).toBeVisible();
    await expect(error.getByText('Pour réserver, appelez le restaurant au')).toBeVisible();
    await expect(error.getByRole('link', { name: '04 78 00 00 01' })).toHaveAttribute('href', 'tel:+33478000001');
    await expect(error.getByRole('link', { name: /Retour sur Couvert/ })).toHaveAttribute('href', /^https?:\/\//);
    // No chooser: booking is not possible here.
    await expect(page.getByRole('group', { name: 'Nombre de convives' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Continuer' })).toHaveCount(0);

    // English too, from the same error_code.
    await page.getByRole('combobox', { name: 'Langue' }).selectOption('en');
    const english = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Booking unavailable' }) });
    await expect(english.getByText('Reservation is not yet activated for this restaurant.')).toBeVisible();
    await expect(english.getByText('To book, call the restaurant at')).toBeVisible();

    // The rebuilt page says the same without any call; leave the site settled for the next tests.
    await untilPage(request, (status, html) => status === 200 && !html.includes('id="booking-app"'));
    await page.goto(`/${SLUG}`);
    // (In English: the choice is remembered.)
    await expect(page.getByText('Reservation is not yet activated for this restaurant.')).toBeVisible();
    await expect(page.getByRole('link', { name: /Back to Couvert/ })).toBeVisible();
  });
});
