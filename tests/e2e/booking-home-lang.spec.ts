import { expect, islandsHydrated, test } from './fixture.ts';

test.describe('BookingHome language', () => {
  test('the selector switches the static texts and the islands at once, without a reload, and remembers the choice', async ({ page }) => {
    await page.goto('/le-petit-zinc');
    await expect(page.getByRole('group', { name: 'Nombre de convives' })).toBeVisible();
    // A reload would lose this marker.
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));

    await page.getByRole('combobox', { name: 'Langue' }).selectOption('en');
    await expect(page.getByRole('heading', { level: 2, name: 'Book a table' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Number of guests' })).toBeVisible();
    await expect(page.getByRole('radio', { name: '2 people' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Another date' })).toBeVisible();
    await expect(page.getByText('Réserver une table')).toBeHidden();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle('Le Petit Zinc · Book a table');
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');
    expect(await page.evaluate(() => [localStorage.getItem('currentLang'), sessionStorage.getItem('currentLang')])).toEqual(['en', 'en']);

    await page.getByRole('combobox', { name: 'Language' }).selectOption('it');
    await expect(page.getByRole('group', { name: 'Numero di ospiti' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Prenota un tavolo' })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('group', { name: 'Numero di ospiti' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Lingua' })).toHaveValue('it');
  });

  test('?lang=es shows the page and the islands in Spanish and overrides the stored language', async ({ page, context }) => {
    await context.addInitScript(() => localStorage.setItem('currentLang', 'en'));
    await page.goto('/le-petit-zinc?lang=es');
    await expect(page.getByRole('heading', { level: 2, name: 'Reservar una mesa' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Número de comensales' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es');
  });

  test("the calendar speaks the page's language", async ({ page }) => {
    await page.goto('/le-petit-zinc?lang=en');
    await islandsHydrated(page);
    await page.getByRole('button', { name: 'Another date' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose a date' });
    await expect(dialog.getByRole('columnheader')).toHaveText(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
  });
});
