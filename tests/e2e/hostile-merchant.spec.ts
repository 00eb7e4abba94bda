import type { APIRequestContext, Page } from '@playwright/test';
import { HOSTILE_MARKER, HOSTILE_TEXTS, hostileMerchantDefinition } from '../support/hostile-merchant.ts';
import { expect, islandsHydrated, mainThreadIdle, test } from './fixture.ts';
import { watchForScript } from './script-watch.ts';
import { createDraft } from './tracking-support.ts';

const SLUG = 'e2e-chez-z-hostile';
// Each change of a merchant rebuilds the site (a few seconds to a minute on a busy machine).
const REBUILD_MS = 150_000;

/** Imports the merchant through the admin API and waits until its rebuilt page is served. */
async function importHostileMerchant(request: APIRequestContext, adminToken: string): Promise<void> {
  const response = await request.put(`/api/admin/merchants/${SLUG}`, {
    data: hostileMerchantDefinition(SLUG),
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  await expect.poll(async () => (await request.get(`/${SLUG}`)).status(), { timeout: REBUILD_MS, intervals: [500, 1000, 2000] }).toBe(200);
}

/** No element made of merchant text, and no script but files and the data blocks (the islands' JSON, schema.org's JSON-LD). */
async function expectNoMerchantMarkup(page: Page): Promise<void> {
  await expect(page.locator(`[id^="${HOSTILE_MARKER}"]`)).toHaveCount(0);
  await expect(page.locator('script:not([src]):not([type="application/json"]):not([type="application/ld+json"])')).toHaveCount(0);
}

test.describe('a merchant whose every text is hostile', () => {
  test('its pages run none of it and show its name as text, on the booking home and the tracking page', async ({ page, request, server }) => {
    test.setTimeout(2 * REBUILD_MS);
    const seen = watchForScript(page);
    await importHostileMerchant(request, server.adminToken);

    await page.goto(`/${SLUG}`);
    await islandsHydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOSTILE_TEXTS.name);
    await expect(page.locator('address')).toContainText(HOSTILE_TEXTS.address2);
    await expectNoMerchantMarkup(page);

    // The tracking page draws the merchant from the API in its island (React), not from the built page.
    const draft = await createDraft(request, SLUG);
    await page.goto(`/${SLUG}/booking_complete/${draft.token}`);
    await expect(page.locator('.trk-merchant-name')).toHaveText(HOSTILE_TEXTS.name);

    // Let anything that would run (idle scripts, the island) have run.
    await mainThreadIdle(page);
    expect(seen.dialogs).toEqual([]);
    expect(seen.blocked).toEqual([]);
    await expectNoMerchantMarkup(page);
  });
});
