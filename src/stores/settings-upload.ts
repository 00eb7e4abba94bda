/** The settings' image uploads (logo, banner): the bytes go to the server, the image it answers goes into the draft; a refusal shows beside the field. */
import { map } from 'nanostores';
import { isApiError } from '../lib/api/api-client.ts';
import { settingsApi, type PhotoKind, type SettingsApi } from '../lib/api/settings-api.ts';
import { $settings, changeSetting } from './settings.ts';

/** The refusals the form names; any other failure reads as "could not be uploaded". */
const IMAGE_FAILURES = new Set(['invalid_image', 'image_too_large', 'unsupported_image_format']);

/** Each field's upload under way, by dotted path (true while sending). */
export const $settingsUploads = map<Record<string, boolean>>({});

/** Uploads an image for a field (logo, banner) and puts the server's image into the draft there. */
export async function uploadSettingsImage(field: 'logo' | 'banner', file: Blob, api: Pick<SettingsApi, 'photo'> = settingsApi): Promise<boolean> {
  const { slug } = $settings.get();
  $settingsUploads.setKey(field, true);
  try {
    const answer = await api.photo(slug, field satisfies PhotoKind, file);
    changeSetting([field], answer.image);
    return true;
  } catch (error) {
    // The photo calls' refusals may be newer than this build's catalogue: read as the answer named them.
    const code = isApiError(error) ? error.wireCode : 'network_error';
    const key = IMAGE_FAILURES.has(code) ? `settings.page.errors.${code}` : 'settings.page.errors.upload';
    const state = $settings.get();
    $settings.set({ ...state, serverErrors: { ...state.serverErrors, [field]: { key } } });
    return false;
  } finally {
    $settingsUploads.setKey(field, false);
  }
}
