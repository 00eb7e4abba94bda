/** A merchant text edited one language at a time: the language is picked once for the section's texts (see PageSection). */
import type { Lang } from '../../../shared/langs.ts';
import { textIn, withTextIn } from '../../../lib/settings/merchant-text.ts';
import type { MerchantText } from '../definition-draft.ts';
import type { SectionProps } from '../section-props.ts';
import { useTranslation } from '../../shared/use-translation.ts';
import FieldError from './FieldError.tsx';

/** One text field (description, booking text) in the language shown; its fault, at the field or the language, beside it. */
export default function TextByLanguage(props: { field: 'description' | 'bookingDescription'; lang: Lang; section: SectionProps }) {
  const { t } = useTranslation();
  const { field, lang, section } = props;
  const value = section.draft[field] as MerchantText | undefined;
  const id = `settings-${field}`;
  const error = section.errorAt(`${field}.${lang}`) ?? section.errorAt(field);
  return (
    <div className="settings-field">
      <label className="settings-label" htmlFor={id}>
        {t(`settings.page.${field}`)} ({t(`settings.page.lang.${lang}`)})
      </label>
      <textarea
        id={id}
        className="settings-input settings-textarea"
        lang={lang}
        value={textIn(value, lang)}
        maxLength={2000}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => section.change([field], withTextIn(value, lang, event.target.value))}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
