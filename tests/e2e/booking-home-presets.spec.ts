import { expect, test } from './fixture.ts';
import { frenchLongDate, merchantInfo, openDayAhead, slotsOf, zonesOf } from './booking-home-support.ts';
import { createDraft, guestSession, postJson, signInBrowser, validateThroughApi } from './tracking-support.ts';

// Sakura Ramen has one zone (selected for the diner) and is open every day: a preset can reach the time alone.
const SAKURA = 'sakura-ramen';

test.describe('BookingHome address presets', () => {
  test('seats=3 presets the number of guests', async ({ page }) => {
    await page.goto(`/${SAKURA}?seats=3`);
    await expect(page.getByRole('radio', { name: '3 personnes' })).toBeChecked();
  });

  test('seats that is not a whole number above 0 is ignored', async ({ page }) => {
    await page.goto(`/${SAKURA}?seats=0`);
    await expect(page.getByRole('radio', { name: '1 personne' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Nombre de convives' }).getByRole('radio', { checked: true })).toHaveCount(0);
  });

  test('when=day and time picks that day and the next available time at or after it', async ({ page, request }) => {
    const info = await merchantInfo(request, SAKURA);
    const date = openDayAhead(info, 3, '22:00');
    const [zone] = await zonesOf(request, SAKURA, date);
    const expected = (await slotsOf(request, SAKURA, date, zone!.id, 2)).find((slot) => slot.available && slot.hour >= '20:07');
    expect(expected, 'an evening time is free').toBeTruthy();

    await page.goto(`/${SAKURA}?seats=2&when=${date}T20:07`);
    await expect(page.getByRole('button', { name: new RegExp(frenchLongDate(date), 'i') })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('radio', { name: zone!.name })).toBeChecked();
    await expect(page.getByRole('radio', { name: expected!.hour, exact: true })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Continuer' })).toBeEnabled();
  });

  test('when naming an available time picks exactly that time', async ({ page, request }) => {
    const date = openDayAhead(await merchantInfo(request, SAKURA), 4, '22:00');
    const [zone] = await zonesOf(request, SAKURA, date);
    const exact = (await slotsOf(request, SAKURA, date, zone!.id, 2)).filter((slot) => slot.available).at(-3)!;
    await page.goto(`/${SAKURA}?seats=2&when=${date}T${exact.hour}`);
    await expect(page.getByRole('radio', { name: exact.hour, exact: true })).toBeChecked();
  });

  test('asap=1 picks today and the first available time from now, when today can be booked', async ({ page, request }) => {
    const info = await merchantInfo(request, SAKURA);
    await page.goto(`/${SAKURA}?asap=1&seats=2`);
    const group = page.getByRole('group', { name: 'Horaire' });
    if (!info.merchant.open.today) {
      // Nothing left to book today: no day is chosen for the diner.
      await expect(page.getByRole('button', { name: 'Autre date' })).toHaveAttribute('aria-pressed', 'false');
      return;
    }
    await expect(page.getByRole('button', { name: /^Aujourd'hui/ })).toHaveAttribute('aria-pressed', 'true');
    // The page's own grid is the reference: other tests book Sakura's times in parallel and the clock moves,
    // so a list fetched here could differ from the one the page chose from. Past and taken times are disabled.
    await expect(group.getByRole('radio').first()).toBeVisible();
    const offered = group.getByRole('radio', { disabled: false });
    if ((await offered.count()) > 0) await expect(offered.first()).toBeChecked();
    else await expect(group.getByRole('radio', { checked: true })).toHaveCount(0);
  });

  test('token opens the booking to change it: the choosers are filled, Update replaces Continue, and Cancel booking appears', async ({
    page,
    context,
    request,
  }) => {
    const draft = await createDraft(request, 'le-petit-zinc', 2);
    const bearer = await guestSession(request, draft.token);
    await validateThroughApi(request, draft, bearer);
    const { body } = await postJson<{ booking: { bookingForDate: string; bookingForHour: string; bookingZone: { name: string } } }>(
      request,
      '/api/booking/get',
      {
        token: draft.token,
        merchant_slug: draft.slug,
      },
    );
    // The bearer only: the booking comes from the address, not from storage.
    await signInBrowser(context, { ...draft, token: '' }, bearer);
    await page.goto(`/${draft.slug}?token=${draft.token}`);

    await expect(page.getByRole('button', { name: 'Modifier', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continuer' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Annuler la réservation' })).toBeVisible();
    await expect(page.getByRole('button', { name: new RegExp(frenchLongDate(body.booking.bookingForDate), 'i') })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('radio', { name: '2 personnes' })).toBeChecked();
    await expect(page.getByRole('radio', { name: body.booking.bookingForHour, exact: true })).toBeChecked();

    // Update: three guests now; a booking with a status goes to BookingComplete.
    await page.getByRole('radio', { name: '3 personnes' }).click();
    await page.getByRole('group', { name: 'Horaire' }).getByRole('radio', { disabled: false }).first().click();
    await page.getByRole('button', { name: 'Modifier', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${draft.slug}/booking_complete/${draft.token}$`));
    const after = await postJson<{ booking: { clientCount: number } }>(request, '/api/booking/get', { token: draft.token, merchant_slug: draft.slug });
    expect(after.body.booking.clientCount).toBe(3);
  });

  test('token of a cancelled booking is dropped: back to a fresh booking home', async ({ page, context, request }) => {
    const draft = await createDraft(request, 'le-petit-zinc', 2);
    const bearer = await guestSession(request, draft.token);
    await validateThroughApi(request, draft, bearer);
    await postJson(request, '/api/booking/cancel', { token: draft.token, merchant_slug: draft.slug }, { bearer });
    await signInBrowser(context, draft, bearer);
    await page.goto(`/${draft.slug}?token=${draft.token}`);
    await expect(page).toHaveURL(new RegExp(`/${draft.slug}$`));
    await expect(page.getByRole('button', { name: 'Continuer' })).toBeVisible();
    expect(await page.evaluate((slug) => localStorage.getItem(`token_${slug}`), draft.slug)).toBeNull();
  });
});
