import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { setApiBaseUrl } from '../../../src/lib/api/api-client.ts';
import { settingsApi } from '../../../src/lib/api/settings-api.ts';
import { staffApi } from '../../../src/lib/api/staff-api.ts';
import {
  $settings,
  $settingsDirty,
  $settingsErrors,
  changeSetting,
  discardSettings,
  loadSettings,
  reloadSettings,
  resetSettings,
  saveSettings,
  serverFieldErrors,
} from '../../../src/stores/settings.ts';
import { $staffSession } from '../../../src/stores/staff-session.ts';
import { useBrowserTestServer } from '../support/browser-test-server.ts';

const server = useBrowserTestServer();
const SLUG = 'le-petit-zinc';
const CLAIRE = { email: 'claire@le-petit-zinc.example', password: 'zinc-comptoir-1952' };
let claire: string;

beforeAll(async () => {
  setApiBaseUrl(server.url);
  claire = (await staffApi.login(CLAIRE.email, CLAIRE.password)).access_token;
});

beforeEach(async () => {
  $staffSession.set({ bearer: claire, merchants: [{ slug: SLUG, name: 'Le Petit Zinc' }] });
  resetSettings();
  await loadSettings(SLUG);
});

const draft = () => $settings.get().draft!;

describe('loading', () => {
  test('an owner gets the definition, the revision it was read at and their role; nothing is unsaved yet', () => {
    expect($settings.get()).toMatchObject({ status: 'ready', role: 'owner', slug: SLUG, revision: expect.any(Number) });
    expect(draft().name).toBe('Le Petit Zinc');
    expect($settingsDirty.get()).toBe(false);
  });

  test('a merchant not the staff member’s is refused, with no definition', async () => {
    await loadSettings('sakura-ramen');
    expect($settings.get()).toMatchObject({ status: 'refused', draft: null });
  });
});

describe('changing the draft by path', () => {
  test('replaces one value deep inside, leaves the rest and the definition read untouched, and the page is unsaved', () => {
    const before = $settings.get().base!;
    changeSetting(['shifts', 1, 'slots', 0, 'end'], '15:00');
    expect(draft().shifts[1]!.slots[0]!.end).toBe('15:00');
    expect(draft().shifts[0]).toBe(before.shifts[0]);
    expect(before.shifts[1]!.slots[0]!.end).not.toBe('15:00');
    expect($settingsDirty.get()).toBe(true);
  });

  test('discard goes back to the definition read', () => {
    changeSetting(['name'], 'Autre nom');
    discardSettings();
    expect(draft().name).toBe('Le Petit Zinc');
    expect($settingsDirty.get()).toBe(false);
  });

  test('the form’s own checks name each fault at the path the server would: bad time, end before start, overlap, colour', () => {
    changeSetting(
      ['shifts', 0, 'slots'],
      [
        { start: '12:00', end: '11:00' },
        { start: '25:00', end: '14:00' },
      ],
    );
    changeSetting(
      ['shifts', 1, 'slots'],
      [
        { start: '12:00', end: '14:00' },
        { start: '13:30', end: '15:00' },
      ],
    );
    changeSetting(['theme', 'primary'], 'red');
    expect($settingsErrors.get()).toEqual({
      'shifts.0.slots.0.end': { key: 'settings.hours.errors.endBeforeStart' },
      'shifts.0.slots.1.start': { key: 'settings.hours.errors.time' },
      'shifts.1.slots.1.start': { key: 'settings.hours.errors.overlap' },
      'theme.primary': { key: 'settings.page.errors.colour' },
    });
  });

  test('a draft with faults is not sent', async () => {
    const { revision } = $settings.get();
    changeSetting(['theme', 'background'], '#12');
    expect(await saveSettings()).toBe('invalid');
    expect((await settingsApi.read(SLUG)).revision).toBe(revision);
  });
});

describe('the server’s faults', () => {
  test('a 422’s issues and errors become faults by path, the known messages read like the form’s', () => {
    const body = {
      issues: [
        { path: 'logo', message: 'an image path or https URL' },
        { path: 'shifts.1.slots.0.end', message: 'a time written HH:MM (00:00 to 23:59)' },
      ],
      errors: { 'theme.primary': ['a colour written #rgb or #rrggbb'], logo: ['ignored: issues came first'] },
    };
    expect(serverFieldErrors(body)).toEqual({
      logo: { text: 'an image path or https URL' },
      'shifts.1.slots.0.end': { key: 'settings.hours.errors.time' },
      'theme.primary': { key: 'settings.page.errors.colour' },
    });
  });

  test('a refused save shows the server’s fault beside its field; changing that field takes it away', async () => {
    changeSetting(['logo'], 'javascript:alert(1)');
    expect(await saveSettings()).toBe('invalid');
    expect($settingsErrors.get()).toHaveProperty('logo');
    changeSetting(['logo'], undefined);
    expect($settingsErrors.get()).not.toHaveProperty('logo');
  });
});

describe('saving from the revision read', () => {
  test('a save moves the revision; the draft is then the definition read, and the server has it', async () => {
    const { revision } = $settings.get();
    changeSetting(['shifts', 1, 'slots', 0, 'end'], '14:15');
    expect(await saveSettings()).toBe('saved');
    expect($settings.get()).toMatchObject({ save: 'saved', revision: revision + 1 });
    expect($settingsDirty.get()).toBe(false);
    const stored = await settingsApi.read(SLUG);
    expect((stored.definition as { shifts: { slots: { end: string }[] }[] }).shifts[1]!.slots[0]!.end).toBe('14:15');
  });

  test('another save came first: 409 says who and which fields it changed, writes nothing of ours, and reload takes theirs whole', async () => {
    const { revision, base } = $settings.get();
    await settingsApi.save(SLUG, { ...base!, name: 'Le Petit Zinc (theirs)' }, revision);
    changeSetting(['description'], 'Notre description');
    expect(await saveSettings()).toBe('stale');
    expect($settings.get().stale).toMatchObject({ fields: ['name'], by: CLAIRE.email, revision: revision + 1 });
    expect(((await settingsApi.read(SLUG)).definition as { description: unknown }).description).not.toBe('Notre description');

    await reloadSettings();
    expect($settings.get()).toMatchObject({ save: 'idle', stale: null, revision: revision + 1 });
    expect(draft().name).toBe('Le Petit Zinc (theirs)');
    expect(draft().description).not.toBe('Notre description');
    expect($settingsDirty.get()).toBe(false);
  });
});
