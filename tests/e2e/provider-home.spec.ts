import { expect, test } from './fixture.ts';

const DEMO = [
  ['Le Petit Zinc', '/le-petit-zinc'],
  ['Sakura Ramen', '/sakura-ramen'],
  ['Trattoria Nonna', '/trattoria-nonna'],
] as const;

test.describe('the site root', () => {
  test('is the provider\u2019s home: its name, what the site is for, and every merchant\u2019s booking page', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Couvert' })).toBeVisible();
    await expect(page.getByText("Réservez une table en ligne dans l'un des restaurants de Couvert")).toBeVisible();
    await expect(page.getByText("Ce restaurant n'existe pas")).toHaveCount(0);
    const list = page.getByRole('list').filter({ has: page.getByRole('link', { name: /Le Petit Zinc/ }) });
    for (const [name, href] of DEMO) await expect(list.getByRole('link', { name: new RegExp(name) })).toHaveAttribute('href', href);

    await page.getByRole('link', { name: /Sakura Ramen/ }).click();
    await expect(page).toHaveURL(/\/sakura-ramen$/);
  });

  for (const [lang, heading] of [
    ['en', 'The restaurants'],
    ['es', 'Los restaurantes'],
    ['it', 'I ristoranti'],
  ] as const) {
    test(`speaks ${lang} from ?lang`, async ({ page }) => {
      await page.goto(`/?lang=${lang}`);
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
      await expect(page.getByRole('link', { name: /Trattoria Nonna/ })).toBeVisible();
    });
  }
});
