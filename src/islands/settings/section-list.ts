/** The settings' sections in their order: each one's id (the address's #hash) and its title's message key. */

/** The sections' ids, in the navigation's order. */
export const SETTINGS_SECTIONS = ['page', 'hours', 'days', 'rules', 'zones', 'team', 'history'] as const;

/** One section's id. */
export type SettingsSectionId = (typeof SETTINGS_SECTIONS)[number];

/** The section an address's #hash names, else the first. */
export function sectionOfHash(hash: string): SettingsSectionId {
  const id = hash.replace(/^#/, '');
  return (SETTINGS_SECTIONS as readonly string[]).includes(id) ? (id as SettingsSectionId) : SETTINGS_SECTIONS[0];
}

// The definition's top-level fields each section edits (a fault elsewhere is shown on the page section).
const FIELD_SECTIONS: Readonly<Record<string, SettingsSectionId>> = {
  shifts: 'hours',
  closedDays: 'days',
  specialDays: 'days',
  settings: 'rules',
  bookingEnabled: 'rules',
  zones: 'zones',
  staff: 'team',
  notifications: 'team',
};

/** The section that shows the field a dotted path names. */
export function sectionOfPath(path: string): SettingsSectionId {
  return FIELD_SECTIONS[path.split('.')[0]!] ?? 'page';
}
