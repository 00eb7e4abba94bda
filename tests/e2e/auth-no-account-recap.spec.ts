/** The guest-details page (NoAuth) shows what is being booked and how long its table is held; a reload keeps what was typed and chosen. */
import { expect, islandsHydrated, test } from './fixture.ts';
import { frenchLongDate, merchantInfo, slotsOf, zonesOf } from './booking-home-support.ts';
import { chooseOnHome, newGuest, openDays } from './guest-booking-support.ts';
import { postJson } from './tracking-support.ts';

const SLUG = 'le-petit-zinc';

test('NoAuth recaps the booking as Validate does, under the countdown of its hold', async ({ page, request }) => {
  test.setTimeout(60_000);
  const [date] = openDays(await merchantInfo(request, SLUG), 60, 1);
  await page.goto(`/${SLUG}`);
  await chooseOnHome(page, date!, 'Terrasse');
  const timestamp = Number(await page.getByRole('group', { name: 'Horaire' }).getByRole('radio', { checked: true }).inputValue());
  const terrasse = (await zonesOf(request, SLUG, date!)).find((zone) => zone.name === 'Terrasse')!;
  const { hour } = (await slotsOf(request, SLUG, date!, terrasse.id, 2)).find((slot) => slot.timestamp === timestamp)!;
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/\/auth\/no_account$/);
  await islandsHydrated(page);

  await expect(page.getByText(/^Table retenue pour vous encore \d+ min$/)).toBeVisible();
  const recap = page.getByRole('region', { name: 'Votre réservation' });
  await expect(recap.getByText(`${frenchLongDate(date!)} à ${hour}`, { exact: true })).toBeVisible();
  await expect(recap.getByText('2 personnes', { exact: true })).toBeVisible();
  await expect(recap.getByText('Terrasse', { exact: true })).toBeVisible();
  // The form is still the page's first field.
  await expect(page.getByRole('textbox', { name: 'Prénom' })).toBeFocused();
});

test('a reload keeps the choices of the booking home and the details typed on NoAuth, in that tab', async ({ page, request }) => {
  test.setTimeout(60_000);
  const [date] = openDays(await merchantInfo(request, SLUG), 61, 1);
  await page.goto(`/${SLUG}`);
  await chooseOnHome(page, date!, 'Terrasse');
  const time = page.getByRole('group', { name: 'Horaire' }).getByRole('radio', { checked: true });
  const timestamp = await time.inputValue();

  await page.reload();
  await islandsHydrated(page);
  await expect(page.getByRole('group', { name: 'Nombre de convives' }).getByRole('radio', { name: '2 personnes' })).toBeChecked();
  await expect(page.getByRole('group', { name: 'Espace', exact: true }).getByRole('radio', { name: 'Terrasse' })).toBeChecked();
  await expect(time).toHaveValue(timestamp);

  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/\/auth\/no_account$/);
  await islandsHydrated(page);
  const guest = newGuest('Inès', 'Moreau');
  await page.getByRole('textbox', { name: 'Prénom' }).fill(guest.firstname);
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill(guest.lastname);
  await page.getByRole('textbox', { name: 'Téléphone' }).fill(guest.phone);
  await page.reload();
  await islandsHydrated(page);
  await expect(page.getByRole('textbox', { name: 'Prénom' })).toHaveValue(guest.firstname);
  await expect(page.getByRole('textbox', { name: 'Nom', exact: true })).toHaveValue(guest.lastname);
  await expect(page.getByRole('textbox', { name: 'Téléphone' })).not.toHaveValue('');
});

test('a kept time another diner took meanwhile is not put back, the day and party are', async ({ page, request }) => {
  test.setTimeout(60_000);
  const [date] = openDays(await merchantInfo(request, SLUG), 62, 1);
  await page.goto(`/${SLUG}`);
  await chooseOnHome(page, date!, 'Terrasse');
  const chosen = page.getByRole('group', { name: 'Horaire' }).getByRole('radio', { checked: true });
  const timestamp = Number(await chosen.inputValue());
  // Other diners take every Terrasse table at that time.
  const terrasse = (await zonesOf(request, SLUG, date!)).find((zone) => zone.name === 'Terrasse')!;
  for (let taken = 0; taken < 30; taken += 1) {
    const body = { merchant_slug: SLUG, datetime: timestamp, booking_zone_id: terrasse.id, client_count: 2 };
    if ((await postJson(request, '/api/booking/create', body, { allowFailure: true })).status !== 200) break;
  }
  expect((await slotsOf(request, SLUG, date!, terrasse.id, 2)).find((slot) => slot.timestamp === timestamp)!.available).toBe(false);

  await page.reload();
  await islandsHydrated(page);
  await expect(page.getByRole('group', { name: 'Espace', exact: true }).getByRole('radio', { name: 'Terrasse' })).toBeChecked();
  const slots = page.getByRole('group', { name: 'Horaire' });
  await expect(slots.getByRole('radio', { disabled: false }).first()).toBeVisible();
  await expect(slots.getByRole('radio', { checked: true })).toHaveCount(0);
  await expect(slots.locator(`input[value="${timestamp}"]`)).toBeDisabled();
});
