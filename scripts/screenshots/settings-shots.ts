/** The settings' pictures: each section of le-petit-zinc's settings at a phone's, two tablets' and a desktop's width, and a fault beside its field. */
import type { Page } from 'playwright-core';
import { postApi, type Shot } from './shot.ts';

const SLUG = 'le-petit-zinc';
const WIDTHS = [390, 768, 1024, 1280];
// The sections in the page's order, each with its title (French: the pictures' locale).
const SECTIONS = [
  ['page', 'La page'],
  ['hours', 'Horaires'],
  ['days', 'Jours spéciaux'],
  ['rules', 'Règles de réservation'],
  ['zones', 'Salles et tables'],
  ['team', 'Équipe'],
  ['history', 'Historique'],
] as const;

// One sign-in per run, as Salle (an owner of the demo): Claire signs in for the book's pictures.
let session: { access_token: string; merchants: unknown } | undefined;

/** The settings' address, once signed in. */
const settingsPath =
  (section: string) =>
  async ({ baseUrl }: { baseUrl: string }) => {
    session ??= await postApi(baseUrl, '/api/pro/auth/login', { email: 'salle@le-petit-zinc.example', password: 'ardoise-du-jour-75009' });
    return `/pro/${SLUG}/settings#${section}`;
  };

const asOwner = async (page: Page) => {
  await page.addInitScript(
    ({ bearer, merchants }) => {
      localStorage.setItem('staff_bearer', bearer);
      localStorage.setItem('staff_merchants', JSON.stringify(merchants));
    },
    { bearer: session!.access_token, merchants: session!.merchants },
  );
};

/** The settings' pictures: one per section, and a fault beside its field. */
export const SETTINGS_SHOTS: Shot[] = [
  ...SECTIONS.map(([id, title]): Shot => ({
    name: `staff-settings-${id}`,
    path: settingsPath(id),
    widths: WIDTHS,
    before: asOwner,
    setup: async (page) => {
      await page.getByRole('tabpanel', { name: title }).waitFor();
    },
  })),
  {
    name: 'staff-settings-hours-fault',
    path: settingsPath('hours'),
    widths: [390, 1024],
    before: asOwner,
    setup: async (page) => {
      const tuesday = page.getByRole('group', { name: 'mardi · Créneau 1' });
      await tuesday.getByLabel('Dernière arrivée').fill('11:00');
      await tuesday.getByText('La fin doit venir après le début (ou, pour un service tardif, avant 6 h le lendemain).').waitFor();
    },
  },
];
