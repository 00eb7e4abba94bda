import { expect, test } from './fixture.ts';

// The zone chooser's label must not read like one of the zones: the demo merchants have a zone "Salle" (French) and "Sala" (Italian).
for (const [slug, lang, label, zoneName] of [
  ['le-petit-zinc', 'fr', 'Espace', 'Salle'],
  ['trattoria-nonna', 'it', 'Zona', 'Sala'],
] as const) {
  test(`in ${lang}, the zone chooser of ${slug} is labelled ${label}, not like its zone ${zoneName}`, async ({ page }) => {
    await page.goto(`/${slug}?lang=${lang}`);
    const chooser = page.getByRole('group', { name: label, exact: true });
    await expect(chooser.getByRole('radio', { name: zoneName, exact: true })).toBeVisible();
    await expect(page.getByRole('group', { name: zoneName, exact: true })).toHaveCount(0);
  });
}
