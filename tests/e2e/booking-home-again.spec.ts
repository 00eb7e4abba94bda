import { expect, islandsHydrated, test } from './fixture.ts';
import { merchantInfo } from './booking-home-support.ts';
import { bookingSeen, chooseOnHome, continueAsGuestToTracking, newGuest, openDays } from './guest-booking-support.ts';

const SLUG = 'le-petit-zinc';

test('a diner with a booking opens the booking home: a banner leads to it, a new booking leaves it as it was, its Edit link still edits it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const [firstDay, secondDay] = openDays(await merchantInfo(request, SLUG), 45, 2);
  const guest = newGuest('Louise', 'Martin');
  await page.goto(`/${SLUG}`);
  await chooseOnHome(page, firstDay!, 'Terrasse');
  const first = await continueAsGuestToTracking(page, SLUG, guest);
  const { status, bookingForDate, bookingForHour, clientCount } = await bookingSeen(request, SLUG, first);
  const before = { status, bookingForDate, bookingForHour, clientCount };

  // A new visit starts a new booking; the banner offers the current one.
  await page.goto(`/${SLUG}`);
  await islandsHydrated(page);
  const banner = page.getByRole('complementary', { name: 'Vous avez déjà une réservation dans ce restaurant.' });
  await expect(banner.getByRole('link', { name: 'Voir ma réservation' })).toHaveAttribute('href', `/${SLUG}/booking_complete/${first}`);
  await expect(page.getByRole('button', { name: 'Continuer' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Modifier', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Annuler la réservation' })).toHaveCount(0);

  await chooseOnHome(page, secondDay!, 'Salle');
  const second = await continueAsGuestToTracking(page, SLUG, { prefilled: guest });
  expect(second).not.toBe(first);
  expect(await bookingSeen(request, SLUG, first)).toMatchObject(before);

  // The tracking page's Edit link still opens the first booking to change it.
  await page.goto(`/${SLUG}/booking_complete/${first}`);
  await page.getByRole('link', { name: 'Modifier', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${SLUG}\\?token=${first}$`));
  await islandsHydrated(page);
  const update = page.getByRole('button', { name: 'Modifier', exact: true });
  await expect(update).toBeVisible();
  await page.getByRole('group', { name: 'Nombre de convives' }).getByRole('radio', { name: '3 personnes' }).click();
  await page.getByRole('group', { name: 'Horaire' }).getByRole('radio', { disabled: false }).first().click();
  await update.click();
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/booking_complete/${first}$`));
  expect(await bookingSeen(request, SLUG, first)).toMatchObject({ clientCount: 3, bookingForDate: before.bookingForDate });
  expect((await bookingSeen(request, SLUG, second)).clientCount).toBe(2);
});
