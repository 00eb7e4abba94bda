import { expect, islandsHydrated, mainThreadIdle, test } from './fixture.ts';
import { merchantInfo } from './booking-home-support.ts';
import { bookingSeen, chooseOnHome, continueAsGuestToTracking, newGuest, openDays } from './guest-booking-support.ts';

const ZINC = 'le-petit-zinc';
const SAKURA = 'sakura-ramen';

test('the same browser books as a guest three times at two merchants, and again after cancelling one', async ({ page, request }) => {
  test.setTimeout(120_000);
  const guest = newGuest();
  const [zinc1, zinc2, zinc3] = openDays(await merchantInfo(request, ZINC), 30, 3);
  const [sakura1] = openDays(await merchantInfo(request, SAKURA), 30, 1);

  // First booking: the guest types their details.
  await page.goto(`/${ZINC}`);
  await chooseOnHome(page, zinc1!, 'Terrasse');
  const first = await continueAsGuestToTracking(page, ZINC, guest);

  // Second, at another merchant: NoAuth again (never Validate under the first booking's session), details kept.
  await page.goto(`/${SAKURA}`);
  await chooseOnHome(page, sakura1!, null);
  const second = await continueAsGuestToTracking(page, SAKURA, { prefilled: guest });

  // Third, back at the first merchant.
  await page.goto(`/${ZINC}`);
  await chooseOnHome(page, zinc2!, 'Terrasse');
  const third = await continueAsGuestToTracking(page, ZINC, { prefilled: guest });

  // The third is cancelled from its tracking page...
  await islandsHydrated(page);
  await page.getByRole('button', { name: 'Annuler la réservation' }).click();
  await page.getByRole('dialog', { name: 'Annuler cette réservation ?' }).getByRole('button', { name: "Confirmer l'annulation" }).click();
  await expect(page.getByText('Annulée', { exact: true })).toBeVisible();

  // ...and the guest books once more.
  await page.goto(`/${ZINC}`);
  await chooseOnHome(page, zinc3!, 'Terrasse');
  const fourth = await continueAsGuestToTracking(page, ZINC, { prefilled: guest });

  // Starting yet another booking, the sign-in pages are open: none of them sends the guest back to an earlier Validate.
  await page.goto(`/${ZINC}`);
  await chooseOnHome(page, zinc3!, 'Salle');
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/\/auth\/no_account$/);
  for (const path of ['/auth', '/auth/login', '/auth/no_account']) {
    await page.goto(path);
    await islandsHydrated(page);
    // The guard redirects right after hydration, if at all: let what hydration scheduled run.
    await mainThreadIdle(page);
    expect(new URL(page.url()).pathname).toBe(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }

  const seen = await Promise.all(
    [
      [ZINC, first],
      [SAKURA, second],
      [ZINC, third],
      [ZINC, fourth],
    ].map(([slug, token]) => bookingSeen(request, slug!, token!)),
  );
  // Pending, confirmed by itself (Sakura confirms automatically), cancelled, pending.
  expect(seen.map((booking) => booking.status)).toEqual([10, 20, 40, 10]);
});
