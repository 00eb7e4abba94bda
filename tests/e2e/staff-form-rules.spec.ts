/**
 * The staff dialogs' own rules, checked before anything is sent (the form kit the diner's forms use): the field in
 * error is flagged, says what is missing and takes the focus; nothing reaches the server.
 */
import { expect, test } from './fixture.ts';
import { emptyThenType, staffBook } from './staff-book-support.ts';

const KENJI = { email: 'kenji@sakura-ramen.example', password: 'tonkotsu-18-heures' };

test('a new booking\u2019s party can be emptied and retyped; without a first name, then without a time, and a closing without its hours are flagged field by field', async ({
  browser,
  baseURL,
}) => {
  const staff = await staffBook(browser, baseURL!, KENJI, 'sakura-ramen');

  await staff.getByRole('button', { name: 'Nouvelle réservation' }).click();
  const create = staff.getByRole('dialog', { name: 'Nouvelle réservation' });
  const firstname = create.getByRole('textbox', { name: 'Prénom' });
  await create.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(firstname).toHaveAttribute('aria-invalid', 'true');
  await expect(firstname).toHaveAccessibleDescription('Saisissez le prénom du client.');
  await expect(firstname).toBeFocused();

  await firstname.fill('Aiko');
  // The party emptied to type another number stays empty (a cleared 2 never shows 1, which typing 4 would make 14).
  const party = create.getByRole('spinbutton', { name: 'Nombre de personnes' });
  await expect(party).toHaveValue('2');
  await emptyThenType(party, '4');
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
