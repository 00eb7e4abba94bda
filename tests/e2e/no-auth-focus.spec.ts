import { expect, islandsHydrated, test } from './fixture.ts';
import { createDraft, signInBrowser } from './tracking-support.ts';

test.describe('NoAuth /auth/no_account focus', () => {
  test('the first field has focus as the page opens, and keeps it once the form hydrates', async ({ page, context, request }) => {
    const draft = await createDraft(request);
    await signInBrowser(context, draft, null);
    await page.goto('/auth/no_account');
    const firstname = page.getByRole('textbox', { name: 'Prénom' });
    await expect(firstname).toBeFocused();
    await islandsHydrated(page);
    await expect(firstname).toBeFocused();
    // Typing at once goes into the field.
    await page.keyboard.type('Camille');
    await expect(firstname).toHaveValue('Camille');
  });
});
