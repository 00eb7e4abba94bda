import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { seriousAxeViolations } from './axe.ts';
import { expect, islandsHydrated, test } from './fixture.ts';
import { PHONE, staffBook, TABLET } from './staff-book-support.ts';

const SLUG = 'trattoria-nonna';
const ROSA = { email: 'rosa@trattoria-nonna.example', password: 'cacio-e-pepe-1968' };
// A manager and a host the owner adds for this spec (and removes after it).
const GINO = { email: 'gino.settings@trattoria-nonna.example', password: 'manager-di-sala-2026' };
const LIA = { email: 'lia.settings@trattoria-nonna.example', password: 'accoglienza-serale-2026' };

type Definition = Record<string, unknown> & { staff: { email: string; role?: string }[]; shifts: { day: number; slots: { start: string; end: string }[] }[] };

async function ownerBearer(request: APIRequestContext): Promise<string> {
  const answer = await request.post('/api/pro/auth/login', { data: ROSA });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { access_token: string }).access_token;
}

async function readDefinition(request: APIRequestContext, bearer: string): Promise<{ definition: Definition; revision: number }> {
  const answer = await request.get(`/api/pro/${SLUG}/definition`, { headers: { authorization: `Bearer ${bearer}` } });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()) as { definition: Definition; revision: number };
}

async function saveDefinition(request: APIRequestContext, bearer: string, definition: Definition, revision: number): Promise<void> {
  const answer = await request.put(`/api/pro/${SLUG}/definition`, { data: { definition, revision }, headers: { authorization: `Bearer ${bearer}` } });
  expect(answer.ok(), await answer.text()).toBe(true);
}

/** A staff member's settings at a width, reached from their book's Settings link. */
async function settingsOf(browser: Browser, baseURL: string, who: { email: string; password: string }, size = TABLET): Promise<Page> {
  const page = await staffBook(browser, baseURL, who, SLUG);
  await page.setViewportSize(size);
  await page.getByRole('link', { name: 'Réglages' }).click();
  await page.waitForURL(`**/pro/${SLUG}/settings`);
  await islandsHydrated(page);
  await expect(page.getByRole('tab', { name: 'La page' })).toBeVisible();
  return page;
}

let original: Definition;

test.describe('the restaurant settings', () => {
  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    const bearer = await ownerBearer(request);
    const { definition, revision } = await readDefinition(request, bearer);
    original = definition;
    const staff = [...definition.staff, { ...GINO, role: 'manager' }, { ...LIA, role: 'host' }];
    await saveDefinition(request, bearer, { ...definition, staff }, revision);
    await request.dispose();
  });

  test.afterAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    const bearer = await ownerBearer(request);
    const { revision } = await readDefinition(request, bearer);
    await saveDefinition(request, bearer, original, revision);
    await request.dispose();
  });

  test('a manager opens Tuesday with an opening, saves, and the definition has it; the page has no serious axe violation', async ({
    browser,
    baseURL,
    request,
  }) => {
    const page = await settingsOf(browser, baseURL!, GINO);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('tab', { name: 'Horaires' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Horaires' })).toBeVisible();
    await page.getByRole('button', { name: 'Ajouter un créneau le mardi' }).click();
    const tuesday = page.getByRole('group', { name: 'mardi · Créneau 1' });
    await tuesday.getByLabel('Dernière arrivée').fill('11:00');
    await expect(tuesday.getByText('La fin doit venir après le début (ou, pour un service tardif, avant 6 h le lendemain).')).toBeVisible();
    await tuesday.getByLabel('Dernière arrivée').fill('14:30');
    await expect(tuesday.getByText('La fin doit venir après le début (ou, pour un service tardif, avant 6 h le lendemain).')).toHaveCount(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The notifications' phone is typed as staff write it, spaces between its groups kept; emptied again, nothing is saved.
    await page.getByRole('tab', { name: 'Règles de réservation' }).click();
    const phone = page.getByRole('textbox', { name: 'Téléphone mobile (SMS)' });
    const phoneBefore = await phone.inputValue();
    await phone.fill('');
    await phone.pressSequentially('+39 06 1234 5678');
    await expect(phone).toHaveValue('+39 06 1234 5678');
    await phone.fill(phoneBefore);

    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Enregistré' })).toBeVisible();

    const { definition } = await readDefinition(request, await ownerBearer(request));
    expect(definition.shifts.find((shift) => shift.day === 2)?.slots).toEqual([{ start: '12:00', end: '14:30' }]);
    await page.context().close();
  });

  test('a manager writes the English description and saves: an English diner reads it on the page, and no other merchant\u2019s page is rewritten', async ({
    browser,
    baseURL,
    request,
  }) => {
    // Another merchant's page as the server names its version (a rewritten file gets a new one).
    const other = async () => {
      const headers = (await request.get('/le-petit-zinc')).headers();
      return `${headers.etag ?? ''} ${headers['last-modified'] ?? ''}`;
    };
    const otherBefore = await other();
    expect(otherBefore.trim()).not.toBe('');
    const page = await settingsOf(browser, baseURL!, GINO, PHONE);
    await page.getByRole('radio', { name: 'Anglais' }).check();
    await page.getByRole('textbox', { name: 'Description (Anglais)' }).fill('Grandma Rosa\u2019s Roman cooking since 1968.');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Enregistré' })).toBeVisible();

    // The static page is rendered again for this merchant alone; an open page reads it on its next load.
    const diner = await page.context().newPage();
    await expect(async () => {
      await diner.goto(`/${SLUG}?lang=en`);
      await expect(diner.getByText('Grandma Rosa\u2019s Roman cooking since 1968.')).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    // In French the page keeps the French text, the merchant's first language.
    await diner.goto(`/${SLUG}?lang=fr`);
    await expect(diner.getByText('Grandma Rosa\u2019s Roman cooking since 1968.')).toHaveCount(0);
    expect(await other()).toBe(otherBefore);
    await page.context().close();
  });

  test('a host sees no Settings link nor closing in the book, and the settings page tells them their role cannot change settings', async ({
    browser,
    baseURL,
  }) => {
    const page = await staffBook(browser, baseURL!, LIA, SLUG);
    await page.setViewportSize(PHONE);
    await expect(page.getByRole('button', { name: 'Se déconnecter' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Réglages' })).toHaveCount(0);
    // Nor may a host close online booking: the book offers no closing.
    await expect(page.getByRole('button', { name: 'Nouvelle réservation' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Fermer en ligne…' })).toHaveCount(0);

    await page.goto(`/pro/${SLUG}/settings`);
    await expect(page.getByRole('alert')).toContainText('Votre rôle ne permet pas de modifier les réglages');
    await expect(page.getByRole('button', { name: 'Enregistrer' })).toHaveCount(0);
    await expect(page.getByRole('tablist')).toHaveCount(0);
    await page.context().close();
  });

  test('two save at once from the same version: the second is told someone else saved, what changed, and reloads theirs', async ({ browser, baseURL }) => {
    const gino = await settingsOf(browser, baseURL!, GINO);
    const rosa = await settingsOf(browser, baseURL!, ROSA);
    await gino.getByLabel('Nom du restaurant').fill('Trattoria Nonna (Gino)');
    await rosa.getByLabel('Nom du restaurant').fill('Trattoria Nonna (Rosa)');

    await rosa.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(rosa.getByRole('status').filter({ hasText: 'Enregistré' })).toBeVisible();
    await gino.getByRole('button', { name: 'Enregistrer' }).click();
    const stale = gino.getByRole('alert');
    await expect(stale).toContainText(`${ROSA.email} a enregistré les réglages entre-temps`);
    await expect(stale.getByRole('listitem')).toHaveText(['Nom']);

    await stale.getByRole('button', { name: 'Recharger leur version' }).click();
    await expect(gino.getByLabel('Nom du restaurant')).toHaveValue('Trattoria Nonna (Rosa)');
    await expect(gino.getByRole('status').filter({ hasText: 'Aucune modification' })).toBeVisible();
    await gino.context().close();
    await rosa.context().close();
  });
});
