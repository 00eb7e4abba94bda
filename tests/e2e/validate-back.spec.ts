/** Back after validating: the tracking page took Validate's place, and Back leaves the booking flow. */
import { expect, islandsHydrated, test } from './fixture.ts';
import { merchantInfo } from './booking-home-support.ts';
import { bookingSeen, chooseOnHome, continueAsGuestToTracking, newGuest, openDays } from './guest-booking-support.ts';

const SLUG = 'le-petit-zinc';

test('after validating, Back leads to the restaurant’s page and Back again to where the diner came from', async ({ page, request }) => {
  test.setTimeout(90_000);
  const [date] = openDays(await merchantInfo(request, SLUG), 40, 1);
  await page.goto(`/${SLUG}`);
  await chooseOnHome(page, date!, 'Terrasse');
  const token = await continueAsGuestToTracking(page, SLUG, newGuest());
  await islandsHydrated(page);

  // Back passes over the guest form and Validate (nothing left to do there) to the restaurant's page.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/${SLUG}$`));
  await islandsHydrated(page);
  await expect(page.getByRole('button', { name: 'Continuer' })).toBeVisible();
  // It stays there: no page of the flow forwards the diner to the tracking page again.
  expect(new URL(page.url()).pathname).toBe(`/${SLUG}`);

  // Back again: the page the diner came from (here the empty page the browser opened with).
  await page.goBack();
  await expect(page).toHaveURL('about:blank');
  expect(await bookingSeen(request, SLUG, token)).toMatchObject({ status: 10, bookingForDate: date });
});
