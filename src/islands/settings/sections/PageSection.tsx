/** The settings' Page section: the name, the description and booking text per language, the logo and banner, the colours. */
import { useState } from 'react';
import { LANGS, type Lang } from '../../../shared/langs.ts';
import type { SectionProps } from '../section-props.ts';
import { useTranslation } from '../../shared/use-translation.ts';
import FieldError from '../parts/FieldError.tsx';
import ImageField from '../parts/ImageField.tsx';
import TextByLanguage from '../parts/TextByLanguage.tsx';
import ThemeFields from '../parts/ThemeFields.tsx';

/** Page settings. */
export default function PageSection(props: SectionProps) {
  const { t } = useTranslation();
  const [lang, setLang] = useState<Lang>(LANGS[0]);
  const nameError = props.errorAt('name');
  return (
    <div className="settings-section">
      <div className="settings-field">
        <label className="settings-label" htmlFor="settings-name">
          {t('settings.page.name')}
        </label>
        <input
          id="settings-name"
          className="settings-input"
          value={props.draft.name}
          maxLength={120}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? 'settings-name-error' : undefined}
          onChange={(event) => props.change(['name'], event.target.value)}
        />
        <FieldError id="settings-name-error" message={nameError} />
      </div>

      <fieldset className="settings-group">
        <legend className="settings-legend">{t('settings.page.languages')}</legend>
        <div className="settings-langs">
          {LANGS.map((each) => (
            <label key={each} className="settings-lang">
              <input type="radio" name="settings-text-lang" value={each} checked={lang === each} onChange={() => setLang(each)} />
              <span>{t(`settings.page.lang.${each}`)}</span>
            </label>
          ))}
        </div>
        <p className="settings-hint">{t('settings.page.firstLanguage')}</p>
        <TextByLanguage field="description" lang={lang} section={props} />
        <TextByLanguage field="bookingDescription" lang={lang} section={props} />
      </fieldset>

      <fieldset className="settings-group">
        <legend className="settings-legend">{t('settings.page.images')}</legend>
        <ImageField field="logo" section={props} />
        <ImageField field="banner" section={props} />
      </fieldset>

      <ThemeFields section={props} />
    </div>
  );
}
