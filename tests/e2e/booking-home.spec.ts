import { expect, test } from './fixture.ts';

test.describe('BookingHome /le-petit-zinc', () => {
  test("shows the merchant's name as the page heading", async ({ page }) => {
    await page.goto('/le-petit-zinc');
    await expect(page.getByRole('heading', { level: 1, name: 'Le Petit Zinc' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Réserver une table' })).toBeVisible();
  });

  test('with ?lang=en the static texts are English at first paint, before any island hydrates', async ({ page }) => {
    // No island script may run: what shows is what the static page and lang-boot.js paint.
    // Any query too: Astro's island loader tries a failed import again with ?astro-retry=….
    // The static texts' file of the language (/_astro/texts-en.….js) is lang-boot.js's, part of the first paint.
    await page.route(/\/_astro\/(?!texts-)[^/]+\.js(\?.*)?$/, (route) => route.abort());
    await page.goto('/le-petit-zinc?lang=en');
    await expect(page.getByRole('heading', { level: 2, name: 'Book a table' })).toBeVisible();
    await expect(page.getByText('Réserver une table')).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Opening hours' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle('Le Petit Zinc · Book a table');
    // Attribute texts follow too: image alternatives and landmark labels.
    await expect(page.getByRole('img', { name: 'Le Petit Zinc logo' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Legal information' })).toBeVisible();
  });

  test('in French the page fetches no texts file: its static texts are in it', async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/_astro/texts-')) fetched.push(request.url());
    });
    await page.goto('/le-petit-zinc');
    await expect(page.getByRole('heading', { level: 2, name: 'Réserver une table' })).toBeVisible();
    expect(fetched).toEqual([]);
  });

  test('with ?lang=en and its texts file out of reach, the static texts show in French rather than not at all', async ({ page }) => {
    await page.route(/\/_astro\/texts-/, (route) => route.abort());
    await page.goto('/le-petit-zinc?lang=en');
    await expect(page.getByRole('heading', { level: 2, name: 'Réserver une table' })).toBeVisible();
    await expect(page.getByRole('heading', { name: "Horaires d'ouverture" })).toBeVisible();
  });

  test('a ?lang choice is remembered as currentLang for the next page', async ({ page }) => {
    await page.goto('/le-petit-zinc?lang=it');
    expect(await page.evaluate(() => [localStorage.getItem('currentLang'), sessionStorage.getItem('currentLang')])).toEqual(['it', 'it']);
    await page.goto('/legal/terms');
    await expect(page.getByRole('heading', { level: 1, name: "Condizioni generali d'uso" })).toBeVisible();
  });
});

test.describe('a Spanish browser with no stored language', () => {
  test.use({ locale: 'es-ES' });

  test('gets the page in Spanish', async ({ page }) => {
    await page.goto('/le-petit-zinc');
    await expect(page.getByRole('heading', { level: 2, name: 'Reservar una mesa' })).toBeVisible();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the page is French', async ({ page }) => {
    await page.goto('/le-petit-zinc?lang=en');
    await expect(page.getByRole('heading', { level: 2, name: 'Réserver une table' })).toBeVisible();
    await expect(page.getByText('Book a table')).toBeHidden();
  });
});
