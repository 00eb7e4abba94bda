/** Two tabs of one browser: each tab's booking in progress is its own, so one never changes what the other validates. */
import { expect, islandsHydrated, test } from './fixture.ts';
import { merchantInfo } from './booking-home-support.ts';
import { bookingSeen, chooseOnHome, newGuest, openDays } from './guest-booking-support.ts';

const SLUG = 'le-petit-zinc';

test('a second tab starts its own booking, and the first tab validates exactly what it chose', async ({ context, request }) => {
  test.setTimeout(90_000);
  const [dayA, dayB] = openDays(await merchantInfo(request, SLUG), 50, 2);
  const guest = newGuest();

  // Tab A chooses a day and a time, gives the guest's details and reaches Validate.
  const tabA = await context.newPage();
  await tabA.goto(`/${SLUG}`);
  await chooseOnHome(tabA, dayA!, 'Terrasse');
  await tabA.getByRole('button', { name: 'Continuer' }).click();
  await expect(tabA).toHaveURL(/\/auth\/no_account$/);
  await islandsHydrated(tabA);
  await tabA.getByRole('textbox', { name: 'Prénom' }).fill(guest.firstname);
  await tabA.getByRole('textbox', { name: 'Nom', exact: true }).fill(guest.lastname);
  await tabA.getByRole('textbox', { name: 'Téléphone' }).fill(guest.phone);
  await tabA.getByRole('button', { name: 'Continuer' }).click();
  await expect(tabA).toHaveURL(new RegExp(`/${SLUG}/validate/[A-Za-z0-9_-]+$`));
  const tokenA = new URL(tabA.url()).pathname.split('/').pop()!;
  await expect(tabA.getByRole('heading', { level: 1, name: 'À valider' })).toBeVisible();

  // Tab B, opened on the same restaurant, starts from empty choosers (not tab A's), and books another day.
  const tabB = await context.newPage();
  await tabB.goto(`/${SLUG}`);
  await islandsHydrated(tabB);
  await expect(tabB.getByRole('group', { name: 'Nombre de convives' }).getByRole('radio', { checked: true })).toHaveCount(0);
  await chooseOnHome(tabB, dayB!, 'Salle');
  await tabB.getByRole('button', { name: 'Continuer' }).click();
  await expect(tabB).toHaveURL(/\/auth\/no_account$/);

  // Tab A validates: its own day, untouched by tab B.
  await tabA.bringToFront();
  await tabA.getByRole('switch', { name: /J'accepte les conditions générales/ }).check();
  await tabA.getByRole('button', { name: 'Valider ma réservation' }).first().click();
  await expect(tabA).toHaveURL(new RegExp(`/${SLUG}/booking_complete/${tokenA}$`));
  expect(await bookingSeen(request, SLUG, tokenA)).toMatchObject({ status: 10, bookingForDate: dayA });
});
