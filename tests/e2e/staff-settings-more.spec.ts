import type { APIRequestContext, Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { seriousAxeViolations } from './axe.ts';
import { expect, islandsHydrated, test } from './fixture.ts';
import { waitForMail } from './mail-outbox-support.ts';
import { PHONE, staffBook, TABLET } from './staff-book-support.ts';

const SLUG = 'sakura-ramen';
const KENJI = { email: 'kenji@sakura-ramen.example', password: 'tonkotsu-18-heures' };
const YUKI = 'yuki.settings@sakura-ramen.example';

type Definition = Record<string, unknown>;

let bearer: string;
let original: Definition;

async function readDefinition(request: APIRequestContext): Promise<{ definition: Definition; revision: number }> {
  const answer = await request.get(`/api/pro/${SLUG}/definition`, { headers: { authorization: `Bearer ${bearer}` } });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()) as { definition: Definition; revision: number };
}

/** Kenji's settings at a width (a tablet's unless told), reached from his book's Settings link, at one section. */
async function settingsAt(browser: Browser, baseURL: string, section: string, size = TABLET): Promise<Page> {
  const page = await staffBook(browser, baseURL, KENJI, SLUG);
  await page.setViewportSize(size);
  await page.getByRole('link', { name: 'Réglages' }).click();
  await page.waitForURL(`**/pro/${SLUG}/settings`);
  await islandsHydrated(page);
  await page.getByRole('tab', { name: section }).click();
  await expect(page.getByRole('tabpanel', { name: section })).toBeVisible();
  return page;
}

async function save(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Enregistré' })).toBeVisible();
}

test.describe('the restaurant settings: team, photos, special days, history', () => {
  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    const answer = await request.post('/api/pro/auth/login', { data: KENJI });
    expect(answer.ok(), await answer.text()).toBe(true);
    bearer = ((await answer.json()) as { access_token: string }).access_token;
    original = (await readDefinition(request)).definition;
    await request.dispose();
  });

  test.afterAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    const { revision } = await readDefinition(request);
    const answer = await request.put(`/api/pro/${SLUG}/definition`, {
      data: { definition: original, revision },
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(answer.ok(), await answer.text()).toBe(true);
    await request.dispose();
  });

  test('the owner adds a manager by email: saved, the new member is mailed a link to choose a password, and the history names the change', async ({
    browser,
    baseURL,
  }) => {
    const page = await settingsAt(browser, baseURL!, 'Équipe');
    await page.getByLabel('E-mail du nouveau membre').fill(YUKI);
    await page.getByLabel('Rôle', { exact: true }).selectOption({ label: 'Responsable' });
    await page.getByRole('button', { name: 'Ajouter' }).click();
    await expect(page.getByRole('combobox', { name: `Rôle — ${YUKI}` })).toHaveValue('manager');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await save(page);
    await waitForMail(YUKI, /https?:\/\/\S+/);

    await page.getByRole('tab', { name: 'Historique' }).click();
    const history = page.getByRole('tabpanel', { name: 'Historique' });
    await expect(history.getByText(new RegExp(`${KENJI.email}.*Équipe`)).first()).toBeVisible();
    await page.context().close();
  });

  test('a logo uploaded from the tablet is resized, saved in the definition, and the diner page serves it in several widths', async ({
    browser,
    baseURL,
    request,
  }) => {
    const page = await settingsAt(browser, baseURL!, 'La page', PHONE);
    const png = await sharp({ create: { width: 600, height: 600, channels: 4, background: '#c03a2b' } })
      .png()
      .toBuffer();
    await page.getByLabel('Choisir ou photographier une image (Logo)').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByRole('img', { name: 'Logo' })).toBeVisible();
    await save(page);
    const { definition } = await readDefinition(request);
    expect(String(definition.logo)).toMatch(new RegExp(`^/media/${SLUG}/logo-`));

    const diner = await page.context().newPage();
    await expect(async () => {
      await diner.goto(`/${SLUG}`);
      await expect(diner.locator(`picture source[srcset*="/media/${SLUG}/logo-"]`).first()).toBeAttached({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await page.context().close();
  });

  test('a day of next month closed with a reason is saved as a special day', async ({ browser, baseURL, request }) => {
    const page = await settingsAt(browser, baseURL!, 'Jours spéciaux');
    await page.getByRole('button', { name: 'Mois suivant' }).click();
    const day = page.getByRole('grid').locator('button[data-date$="-15"]');
    const date = await day.getAttribute('data-date');
    await day.click();
    await page.getByRole('radio', { name: 'Fermé' }).check();
    await page.getByLabel('Motif (facultatif)').fill('Séminaire de l’équipe');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await save(page);
    const { definition } = await readDefinition(request);
    expect(definition.specialDays).toEqual([{ date, reason: 'Séminaire de l’équipe', slots: [] }]);
    await page.context().close();
  });
});
