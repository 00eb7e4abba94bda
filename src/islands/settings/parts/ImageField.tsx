/** A logo or banner: what it is now, a file (or the tablet's camera) to upload instead, and removing it. */
import { useStore } from '@nanostores/react';
import { $settingsUploads, uploadSettingsImage } from '../../../stores/settings-upload.ts';
import type { SectionProps } from '../section-props.ts';
import { useTranslation } from '../../shared/use-translation.ts';
import FieldError from './FieldError.tsx';

// Only our own media and https images are shown: a definition's value is hostile until proven otherwise.
const showable = (src: string | undefined) => (src && (/^\/media\/[\w./-]+$/.test(src) || /^https:\/\//.test(src)) ? src : null);

/** The field of one image. */
export default function ImageField(props: { field: 'logo' | 'banner'; section: SectionProps }) {
  const { t } = useTranslation();
  const uploads = useStore($settingsUploads);
  const { field, section } = props;
  const id = `settings-${field}`;
  const src = showable(section.draft[field]);
  const error = section.errorAt(field);
  const uploading = uploads[field] === true;
  return (
    <div className={`settings-field settings-image settings-image-${field}`}>
      <span className="settings-label" id={`${id}-label`}>
        {t(`settings.page.${field}`)}
      </span>
      <div className="settings-image-row">
        {src ? (
          <img className="settings-image-preview" src={src} alt={t(`settings.page.${field}`)} />
        ) : (
          <span className="settings-image-none">{t('settings.page.none')}</span>
        )}
        <label className="cv-btn cv-btn-secondary settings-file">
          {t('settings.page.choose')}
          <input
            id={id}
            type="file"
            accept="image/*"
            className="settings-file-input"
            // Logo and banner each have one: the name says which (it begins with the visible text).
            aria-label={`${t('settings.page.choose')} (${t(`settings.page.${field}`)})`}
            aria-describedby={error ? `${id}-error` : `${id}-label`}
            disabled={uploading}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void uploadSettingsImage(field, file);
            }}
          />
        </label>
        {section.draft[field] ? (
          <button type="button" className="cv-btn cv-btn-secondary" onClick={() => section.change([field], undefined)}>
            {t('settings.page.remove')}
          </button>
        ) : null}
      </div>
      {uploading ? (
        <p className="settings-hint" role="status">
          {t('settings.page.uploading')}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
