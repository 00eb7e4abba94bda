/**
 * The staff dialogs' own rules, checked before anything is sent (the form kit the diner's forms use): the field in
 * error is flagged, says what is missing and takes the focus; nothing reaches the server.
 */
import { expect, test } from './fixture.ts';
import { staffBook } from './staff-book-support.ts';

const KENJI = { email: 'kenji@sakura-ramen.example', password: 'tonkotsu-18-heures' };

test('a new booking without a first name, then without a time, and a closing without its hours are flagged field by field', async ({ browser, baseURL }) => {
  const staff = await staffBook(browser, baseURL!, KENJI, 'sakura-ramen');

  await staff.getByRole('button', { name: 'Nouvelle réservation' }).click();
  const create = staff.getByRole('dialog', { name: 'Nouvelle réservation' });
  const firstname = create.getByRole('textbox', { name: 'Prénom' });
  await create.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(firstname).toHaveAttribute('aria-invalid', 'true');
  await expect(firstname).toHaveAccessibleDescription('Saisissez le prénom du client.');
  await expect(firstname).toBeFocused();

  await firstname.fill('Aiko');
  await create.getByRole('button', { name: 'Enregistrer' }).click();
  const time = create.getByRole('combobox', { name: 'Horaire' });
  await expect(firstname).toHaveAttribute('aria-invalid', 'false');
  await expect(time).toHaveAccessibleDescription("Choisissez d'abord un horaire.");
  await expect(time).toBeFocused();
  await create.getByRole('button', { name: 'Retour' }).click();
  await expect(create).toBeHidden();

  await staff.getByRole('button', { name: 'Fermer en ligne…' }).click();
  const close = staff.getByRole('dialog', { name: 'Fermer à la réservation en ligne' });
  await close.getByRole('radio', { name: 'Une plage horaire' }).check();
  await close.getByRole('button', { name: 'Fermer en ligne' }).click();
  const from = close.getByRole('combobox', { name: 'De' });
  await expect(from).toHaveAccessibleDescription('Indiquez une heure de début et une heure de fin plus tardive, le même jour.');
  await expect(from).toBeFocused();
  await expect(close.getByRole('combobox', { name: 'Jusqu\u2019à' })).toHaveAttribute('aria-invalid', 'true');
  await expect(close.getByRole('alert')).toHaveCount(0);
  await staff.context().close();
});
