import { expect, test } from './fixture.ts';
import { frenchLongDate, localDate, merchantDefinition, serverTime } from './booking-home-support.ts';

const SLUG = 'e2e-horizon-court';
const HORIZON_DAYS = 10;
// Each change of a merchant rebuilds the site (a few seconds to a minute on a busy machine).
const REBUILD_MS = 150_000;

test.describe('the booking horizon in the calendar', () => {
  test('days past settings.bookingHorizonDays are disabled like past days, and the months after it cannot be shown', async ({ page, request, server }) => {
    test.setTimeout(2 * REBUILD_MS);
    const definition = merchantDefinition(SLUG, true);
    Object.assign(definition, { name: 'Le Comptoir Pressé' });
    Object.assign(definition.settings as Record<string, unknown>, { bookingHorizonDays: HORIZON_DAYS });
    const put = await request.put(`/api/admin/merchants/${SLUG}`, { data: definition, headers: { authorization: `Bearer ${server.adminToken}` } });
    expect(put.ok(), await put.text()).toBe(true);
    // The page carries the horizon once the site is rebuilt with it.
    await expect
      .poll(async () => (await request.get(`/${SLUG}`)).text(), { timeout: REBUILD_MS, intervals: [500, 1000, 2000] })
      .toContain(`"bookingHorizonDays":${HORIZON_DAYS}`);

    const nowMs = (await serverTime(request)) * 1000;
    const lastDay = localDate(nowMs + HORIZON_DAYS * 86_400_000, 'Europe/Paris');
    const dayAfter = localDate(nowMs + (HORIZON_DAYS + 1) * 86_400_000, 'Europe/Paris');

    await page.goto(`/${SLUG}`);
    await page.getByRole('group', { name: 'Date' }).getByRole('button').last().click();
    const calendar = page.getByRole('dialog', { name: 'Choisissez une date' });
    await expect(calendar).toBeVisible();
    const next = calendar.getByRole('button', { name: 'Mois suivant' });
    const day = (date: string) => calendar.getByRole('button', { name: new RegExp(`^${frenchLongDate(date)}`) });

    // Every day is open at this merchant: the last day of the horizon is the last one offered, in the last month shown.
    while (!(await day(lastDay).isVisible())) await next.click();
    await expect(day(lastDay)).not.toHaveAttribute('aria-disabled', 'true');
    await expect(next).toBeDisabled();
    if (dayAfter.slice(0, 7) === lastDay.slice(0, 7)) {
      await expect(day(dayAfter)).toHaveAttribute('aria-disabled', 'true');
      await expect(day(dayAfter)).toHaveAccessibleName(`${frenchLongDate(dayAfter)}, Indisponible`);
      // Clicking a day past the horizon picks nothing (forced: Playwright itself refuses an aria-disabled button).
      await day(dayAfter).click({ force: true });
      await expect(calendar).toBeVisible();
    }

    await day(lastDay).click();
    await expect(calendar).toBeHidden();
    await expect(page.getByRole('group', { name: 'Date' }).getByRole('button').last()).toContainText(String(Number(lastDay.slice(8, 10))));
  });
});
