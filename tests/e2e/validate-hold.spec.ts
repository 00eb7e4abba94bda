/**
 * Validate when the draft's hold runs out and another diner takes the table: the countdown warns, validation then
 * offers the nearest free times, and one tap holds one so the diner books it. A draft holds its table for
 * HOLD_MINUTES, one server-wide setting: this spec runs its own server, held for one minute, on a copy of the site the
 * global setup built (its API is the page's own origin). It runs beside the other specs (playwright.config.ts), whose
 * server rebuilds its own site meanwhile: hence the copy.
 */
import { cp, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { STAMP_FILE } from '../../scripts/site-stamp.ts';
import { seriousAxeViolations } from './axe.ts';
import { frenchLongDate, merchantInfo, openDayAhead, slotsOf, zonesOf } from './booking-home-support.ts';
import { bookingSeen } from './guest-booking-support.ts';
import { E2E_SITE_DIR_ENV } from './e2e-env.ts';
import { expect, islandsHydrated, test } from './fixture.ts';
import { guestSession, postJson, signInBrowser, validateThroughApi } from './tracking-support.ts';

const SLUG = 'le-petit-zinc';
// Eight guests fit one table of the Salle only: a diner holding it at a time holds the last table.
const GUESTS = 8;

let server: ServerProcess;
let dataDir: string;
let siteCopy: string;
let api: APIRequestContext;

/** Copies the shared server's site; a copy caught by that server's swap of a rebuilt site is made again. */
async function copySite(siteDir: string): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const copy = await mkdtemp(path.join(tmpdir(), 'couvert-e2e-hold-site-'));
    try {
      await cp(siteDir, copy, { recursive: true, dereference: true });
      // The stamp is written last: a copy holding it holds a whole site.
      await stat(path.join(copy, STAMP_FILE));
      return copy;
    } catch (error) {
      await rm(copy, { recursive: true, force: true });
      if (attempt === 3) throw error;
    }
  }
}

test.beforeAll(async () => {
  // A server start on fresh data (migrations, demo merchants) on a busy machine.
  test.setTimeout(120_000);
  const siteDir = process.env[E2E_SITE_DIR_ENV];
  if (!siteDir) throw new Error(`${E2E_SITE_DIR_ENV} is not set: run the e2e tests with -c tests/e2e/playwright.config.ts`);
  dataDir = await mkdtemp(path.join(tmpdir(), 'couvert-e2e-hold-'));
  siteCopy = await copySite(siteDir);
  server = await startServerProcess(
    { DATA_DIR: dataDir, SITE_DIR: siteCopy, BUILD_SITE: 'never', HOLD_MINUTES: '1', LOG_LEVEL: 'warn' },
    // Two servers on a busy machine: the first start may take longer than usual.
    { timeoutMs: 110_000 },
  );
  api = await playwrightRequest.newContext({ baseURL: server.url });
});

test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  if (siteCopy) await rm(siteCopy, { recursive: true, force: true });
});

test.describe('Validate once the hold ran out and the table was taken', () => {
  test('the diner sees the hold count down, then the nearest free times, and books one in one tap', async ({ page, context }) => {
    test.setTimeout(180_000);
    const date = openDayAhead(await merchantInfo(api, SLUG), 3);
    const salle = (await zonesOf(api, SLUG, date)).find((zone) => zone.name === 'Salle')!;
    const eight = await slotsOf(api, SLUG, date, salle.id, GUESTS);
    const lastTable = eight.find((slot) => slot.available && slot.hour === '20:00')!;

    // The first diner holds the last table for eight at 20:00 and opens Validate.
    const created = await postJson<{ token: string }>(api, '/api/booking/create', {
      merchant_slug: SLUG,
      datetime: lastTable.timestamp,
      booking_zone_id: salle.id,
      client_count: GUESTS,
    });
    const draft = { slug: SLUG, token: created.body.token, timestamp: lastTable.timestamp };
    await signInBrowser(context, draft, await guestSession(api, draft.token));
    await page.goto(`${server.url}/${SLUG}/validate/${draft.token}`);
    await islandsHydrated(page);
    // A one-minute hold: its last minute counts down in tens of seconds.
    await expect(page.getByText(/^Table retenue pour vous encore (60|50) s$/)).toBeVisible();
    await page.getByRole('switch', { name: /J'accepte les conditions générales/ }).check();

    // The hold runs out, and the page says so.
    await expect(page.getByText('Table retenue pour vous encore 30 s')).toBeVisible({ timeout: 45_000 });
    await expect(page.getByText("Votre table n'est plus retenue : validez pour tenter de la garder.").first()).toBeVisible({ timeout: 75_000 });

    // Another diner takes the table meanwhile, as soon as the server too sees the hold over (its clock is known to the page within a second).
    await expect
      .poll(async () => (await slotsOf(api, SLUG, date, salle.id, GUESTS)).find((slot) => slot.timestamp === lastTable.timestamp)?.available, {
        timeout: 10_000,
      })
      .toBe(true);
    const other = await postJson<{ token: string }>(api, '/api/booking/create', {
      merchant_slug: SLUG,
      datetime: lastTable.timestamp,
      booking_zone_id: salle.id,
      client_count: GUESTS,
    });
    const otherDraft = { slug: SLUG, token: other.body.token, timestamp: lastTable.timestamp };
    await validateThroughApi(api, otherDraft, await guestSession(api, otherDraft.token));

    // Validating now fails, says why, and offers the nearest free times of that day and the next open days.
    await page.getByRole('button', { name: 'Valider ma réservation' }).first().click();
    await expect(page.getByRole('alert')).toHaveText("Votre table n'était plus retenue et elle a été prise entre-temps.");
    const offered = page.getByRole('region', { name: 'Horaires libres les plus proches' });
    const sameDay = offered.getByRole('group', { name: frenchLongDate(date) });
    await expect(sameDay.getByRole('button')).not.toHaveCount(0);
    await expect(sameDay.getByRole('button', { name: '20:00' })).toHaveCount(0);
    await expect(offered.getByRole('group')).toHaveCount(3);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // One tap holds the time nearest after 20:00 for the same booking; the diner stays on Validate, held again.
    const chosen = eight.find((slot) => slot.hour === '21:45')!;
    await sameDay.getByRole('button', { name: chosen.hour }).click();
    await expect(offered).toBeHidden();
    await expect(page.getByText(/^Table retenue pour vous encore (60|50) s$/)).toBeVisible();
    // The card tapped in is gone: the focus is on the new hold's countdown.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/Table retenue pour vous encore (60|50) s/);
    await expect(page.getByRole('region', { name: 'Votre réservation' }).getByText(`${frenchLongDate(date)} à 21:45`)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Nouvel horaire retenu' })).toHaveText(`Nouvel horaire retenu : ${frenchLongDate(date)} à 21:45.`);
    await expect(page).toHaveURL(new RegExp(`/validate/${draft.token}$`));

    await page.getByRole('button', { name: 'Valider ma réservation' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/${SLUG}/booking_complete/${draft.token}$`));
    expect(await bookingSeen(api, SLUG, draft.token)).toMatchObject({ status: 10, bookingForDate: date, bookingForHour: '21:45', clientCount: GUESTS });
  });

  test('a diner watching the page is told at once, at its top, with the nearest free times, without tapping anything', async ({ page, context }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 390, height: 844 });
    // A day of its own, past the first test's.
    const date = openDayAhead(await merchantInfo(api, SLUG), 10);
    const salle = (await zonesOf(api, SLUG, date)).find((zone) => zone.name === 'Salle')!;
    const lastTable = (await slotsOf(api, SLUG, date, salle.id, GUESTS)).find((slot) => slot.available && slot.hour === '20:00')!;
    const book = () =>
      postJson<{ token: string }>(api, '/api/booking/create', {
        merchant_slug: SLUG,
        datetime: lastTable.timestamp,
        booking_zone_id: salle.id,
        client_count: GUESTS,
      });

    const draft = { slug: SLUG, token: (await book()).body.token, timestamp: lastTable.timestamp };
    await signInBrowser(context, draft, await guestSession(api, draft.token));
    await page.goto(`${server.url}/${SLUG}/validate/${draft.token}`);
    await islandsHydrated(page);
    // The diner reads the terms at the foot of the page while the server's one-minute hold runs out.
    await page.getByRole('switch', { name: /J'accepte les conditions générales/ }).check();
    await expect(page.getByText("Votre table n'est plus retenue : validez pour tenter de la garder.").first()).toBeAttached({ timeout: 75_000 });
    await expect
      .poll(async () => (await slotsOf(api, SLUG, date, salle.id, GUESTS)).find((slot) => slot.timestamp === lastTable.timestamp)?.available, {
        timeout: 10_000,
      })
      .toBe(true);
    const other = { slug: SLUG, token: (await book()).body.token, timestamp: lastTable.timestamp };
    await validateThroughApi(api, other, await guestSession(api, other.token));

    // Without a tap: the news and the nearest free times come to the top of the page, in view.
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText("Votre table n'était plus retenue et elle a été prise entre-temps.", { timeout: 10_000 });
    await expect(alert).toBeInViewport();
    const offered = page.getByRole('region', { name: 'Horaires libres les plus proches' });
    await expect(
      offered
        .getByRole('group', { name: frenchLongDate(date) })
        .getByRole('button')
        .first(),
    ).toBeVisible();
    const [alertBox, recapBox] = await Promise.all([alert.boundingBox(), page.getByRole('region', { name: 'Votre réservation' }).boundingBox()]);
    expect(alertBox!.y).toBeLessThan(recapBox!.y);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
