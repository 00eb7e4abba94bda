/**
 * A diner changes a booking the restaurant had confirmed (2 -> 3 people): their tracking page says the change awaits the
 * restaurant's answer, and the restaurant's card in the staff book says what changed.
 */
import { expect, islandsHydrated, test } from './fixture.ts';
import { phoneGuestBooking } from './guest-booking-support.ts';
import { SALLE, staffBook } from './staff-book-support.ts';
import { postJson, restaurantAction, trackingPath } from './tracking-support.ts';

test('a confirmed booking changed by its diner: the diner reads that it awaits the restaurant, the staff card says 2 → 3', async ({
  request,
  browser,
  baseURL,
  server,
  page,
}) => {
  test.setTimeout(60_000);
  const { draft, bearer } = await phoneGuestBooking(request, 'le-petit-zinc');
  await restaurantAction(request, server.adminToken, draft.token, 'confirm');
  await postJson(
    request,
    '/api/booking/create',
    { merchant_slug: draft.slug, token: draft.token, datetime: draft.timestamp, booking_zone_id: 'all', client_count: 3 },
    { bearer },
  );

  await page.goto(trackingPath(draft));
  await islandsHydrated(page);
  await expect(page.getByText('En attente', { exact: true })).toBeVisible();
  await expect(page.getByText('Votre modification est bien reçue : elle attend la réponse du restaurant.')).toBeVisible();
  await expect(page.getByText('Le restaurant vérifie votre réservation.')).toHaveCount(0);

  const day = new Date(draft.timestamp * 1000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' });
  const staff = await staffBook(browser, baseURL!, SALLE, 'le-petit-zinc', day);
  const { body } = await postJson<{ booking: { ref: string } }>(request, '/api/booking/get', { token: draft.token, merchant_slug: draft.slug });
  const card = staff.getByRole('article').filter({ hasText: body.booking.ref });
  await expect(card.getByText('Modifiée par le client :')).toBeVisible();
  await expect(card.locator('.staff-change')).toHaveText(/Modifiée par le client :\s*2\s*→\s*devient\s*3 pers\./);
  await staff.context().close();
});
