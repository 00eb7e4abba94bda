/**
 * $settings: the restaurant's settings (/pro/{slug}/settings). The definition read at a revision, a draft every
 * section changes by path, the faults of the draft (the form's own checks and the server's 422, by dotted path), and
 * a save from the revision read: another save since (409) says which fields it changed and offers to reload it.
 */
import { computed, map } from 'nanostores';
import { failureCodeOf, isApiError } from '../lib/api/api-client.ts';
import { settingsApi, type SettingsApi } from '../lib/api/settings-api.ts';
import { staffApi, type StaffApi } from '../lib/api/staff-api.ts';
import { changedFields, sameValue } from '../lib/settings/definition-diff.ts';
import { dottedPath, pathTouches, withValueAt } from '../lib/settings/draft-path.ts';
import { checkKeyOfServerMessage, localErrors } from '../lib/settings/local-checks.ts';
import type { DefinitionDraft } from '../lib/settings/definition-draft.ts';
import type { DraftPath } from '../lib/settings/draft-path.ts';
import type { FailureCode } from '../shared/api/outcome.ts';
import { mayStaff, type StaffRole } from '../shared/staff-roles.ts';

/** A fault beside a field: a message key of the form, or the server's own text when the form has none for it. */
export type FieldError = { key: string } | { text: string };

/** What another save changed, read after a 409: its fields, who saved it when the history says, and that version. */
export interface StaleSave {
  fields: string[];
  by: string | null;
  theirs: DefinitionDraft;
  revision: number;
}

/** Where the save stands: idle (nothing tried), saving, saved, invalid (faults shown), stale (another save came first) or failed. */
export type SaveState = 'idle' | 'saving' | 'saved' | 'invalid' | 'stale' | 'failed';

/** The settings page's state. */
export interface SettingsState {
  status: 'loading' | 'ready' | 'refused' | 'failed';
  slug: string;
  role: StaffRole | null;
  base: DefinitionDraft | null;
  revision: number;
  draft: DefinitionDraft | null;
  serverErrors: Record<string, FieldError>;
  save: SaveState;
  failure: FailureCode | null;
  stale: StaleSave | null;
}

const initial = (): SettingsState => ({
  status: 'loading',
  slug: '',
  role: null,
  base: null,
  revision: 0,
  draft: null,
  serverErrors: {},
  save: 'idle',
  failure: null,
  stale: null,
});

/** The settings page. */
export const $settings = map<SettingsState>(initial());

/** Whether the draft differs from the definition read (the page warns before it is left). */
export const $settingsDirty = computed($settings, (state) => state.draft !== null && !sameValue(state.base, state.draft));

/** Every fault to show, by dotted path: the form's own checks, then the server's on fields not changed since. */
export const $settingsErrors = computed($settings, (state): Record<string, FieldError> => {
  if (!state.draft) return {};
  const local = Object.fromEntries(Object.entries(localErrors(state.draft)).map(([path, key]) => [path, { key }]));
  return { ...state.serverErrors, ...local };
});

/** Restarts the store (tests, another merchant). */
export function resetSettings(): void {
  $settings.set(initial());
}

/** Reads the role (GET /api/pro/me) and, for a manager or owner, the definition and its revision. */
export async function loadSettings(slug: string, api: Pick<SettingsApi, 'read'> = settingsApi, staff: Pick<StaffApi, 'me'> = staffApi): Promise<void> {
  $settings.set({ ...initial(), slug });
  try {
    const me = await staff.me();
    const role = me.merchants.find((merchant) => merchant.slug === slug)?.role ?? null;
    if (!role || !mayStaff(role, 'definition')) {
      $settings.set({ ...$settings.get(), status: 'refused', role });
      return;
    }
    const answer = await api.read(slug);
    const definition = answer.definition as DefinitionDraft;
    $settings.set({ ...$settings.get(), status: 'ready', role, base: definition, draft: definition, revision: answer.revision });
  } catch (error) {
    const failure = failureCodeOf(error);
    $settings.set({ ...$settings.get(), status: failure === 'forbidden' ? 'refused' : 'failed', failure });
  }
}

/** Replaces the value at path in the draft; the server's faults about that field go (the form's own are checked again). */
export function changeSetting(path: DraftPath, value: unknown): void {
  const state = $settings.get();
  if (!state.draft) return;
  const changed = dottedPath(path);
  const serverErrors = Object.fromEntries(Object.entries(state.serverErrors).filter(([at]) => !pathTouches(at, changed)));
  const save = state.save === 'saved' || state.save === 'invalid' || state.save === 'failed' ? 'idle' : state.save;
  $settings.set({ ...state, draft: withValueAt(state.draft, path, value), serverErrors, save });
}

/** Forgets the draft: back to the definition as read. */
export function discardSettings(): void {
  const state = $settings.get();
  $settings.set({ ...state, draft: state.base, serverErrors: {}, save: 'idle', failure: null });
}

/** The faults of a 422's body by dotted path: its `issues` ({ path, message }), else its `errors` ({ path: [message] }). */
export function serverFieldErrors(body: unknown): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  const add = (path: string, message: string) => {
    if (errors[path]) return;
    const key = checkKeyOfServerMessage(message);
    errors[path] = key ? { key } : { text: message };
  };
  const { issues, errors: byField } = (body ?? {}) as { issues?: unknown; errors?: unknown };
  if (Array.isArray(issues)) {
    for (const issue of issues as { path?: unknown; message?: unknown }[]) {
      if (typeof issue?.path === 'string') add(issue.path, typeof issue.message === 'string' ? issue.message : '');
    }
  }
  if (byField && typeof byField === 'object') {
    for (const [path, messages] of Object.entries(byField as Record<string, unknown>)) {
      add(path, Array.isArray(messages) && typeof messages[0] === 'string' ? messages[0] : '');
    }
  }
  return errors;
}

/** What another save changed since the revision read: its fields against ours, and who saved last when the history says. */
async function staleSave(slug: string, base: DefinitionDraft, revision: number, api: Pick<SettingsApi, 'read' | 'history'>): Promise<StaleSave> {
  const answer = await api.read(slug);
  const theirs = answer.definition as DefinitionDraft;
  const history = await api.history(slug).catch(() => null);
  const since = history?.changes.filter((change) => change.revision > revision) ?? [];
  return { fields: changedFields(base, theirs), by: since[0]?.by ?? null, theirs, revision: answer.revision };
}

/** Saves the draft from the revision read. Nothing is sent while the form finds faults; a 422 shows the server's beside their fields. */
export async function saveSettings(api: Pick<SettingsApi, 'save' | 'read' | 'history'> = settingsApi): Promise<SaveState> {
  const state = $settings.get();
  if (!state.draft || state.save === 'saving') return state.save;
  if (Object.keys(localErrors(state.draft)).length > 0) {
    $settings.set({ ...state, save: 'invalid', failure: null });
    return 'invalid';
  }
  const sent = state.draft;
  $settings.set({ ...state, save: 'saving', failure: null, serverErrors: {} });
  try {
    const answer = await api.save(state.slug, sent, state.revision);
    const now = $settings.get();
    $settings.set({ ...now, base: sent, revision: answer.revision, save: 'saved', stale: null });
    return 'saved';
  } catch (error) {
    const failure = failureCodeOf(error);
    const now = $settings.get();
    if (failure === 'validation_error' && isApiError(error)) {
      $settings.set({ ...now, save: 'invalid', failure, serverErrors: serverFieldErrors(error.body) });
      return 'invalid';
    }
    if (failure === 'stale_revision' && now.base) {
      const stale = await staleSave(now.slug, now.base, now.revision, api).catch(() => null);
      $settings.set({ ...$settings.get(), save: 'stale', failure, stale });
      return 'stale';
    }
    $settings.set({ ...now, save: 'failed', failure });
    return 'failed';
  }
}

/** After a stale save: takes the other save's version as it is (our unsaved changes are dropped, nothing half-kept). */
export async function reloadSettings(api: Pick<SettingsApi, 'read'> = settingsApi): Promise<void> {
  const state = $settings.get();
  if (state.stale) {
    const { theirs, revision } = state.stale;
    $settings.set({ ...state, base: theirs, draft: theirs, revision, serverErrors: {}, save: 'idle', failure: null, stale: null });
    return;
  }
  try {
    const answer = await api.read(state.slug);
    const definition = answer.definition as DefinitionDraft;
    $settings.set({ ...state, base: definition, draft: definition, revision: answer.revision, serverErrors: {}, save: 'idle', failure: null, stale: null });
  } catch (error) {
    $settings.set({ ...state, save: 'failed', failure: failureCodeOf(error) });
  }
}
