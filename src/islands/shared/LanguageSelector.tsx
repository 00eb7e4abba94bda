/** The language selector (fr, en, es, it): switching updates the static texts and every island at once, and is stored as currentLang. */
import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { isLang } from '../../shared/langs.ts';
import { loadCatalog, switchLang } from '../../i18n/i18n.ts';
import { $lang, LANGUAGE_OPTIONS } from '../../stores/lang.ts';
import { useHydrated } from './use-hydrated.ts';
import { useTranslation } from './use-translation.ts';
import './language-selector.css';

/** A labelled select of the four languages, each named in itself. */
export default function LanguageSelector() {
  const hydrated = useHydrated();
  const lang = useStore($lang);
  const { t } = useTranslation();
  const id = useId();
  // The build knows no language: a same-sized empty pill until the island runs.
  if (!hydrated) return <span className="lang-select lang-select-skeleton" aria-hidden="true" />;
  return (
    <span className="lang-select">
      <label htmlFor={id} className="visually-hidden">
        {t('site.language')}
      </label>
      <svg className="lang-select-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 6h-2.95a15.7 15.7 0 0 0-1.38-3.56A8.03 8.03 0 0 1 18.9 8ZM12 4.04c.83 1.2 1.48 2.53 1.91 3.96h-3.82c.43-1.43 1.08-2.76 1.91-3.96ZM4.26 14a8.2 8.2 0 0 1 0-4h3.38a16.5 16.5 0 0 0 0 4H4.26Zm.82 2h2.95c.32 1.25.78 2.45 1.38 3.56A7.99 7.99 0 0 1 5.08 16Zm2.95-8H5.08a7.99 7.99 0 0 1 4.33-3.56A15.7 15.7 0 0 0 8.03 8ZM12 19.96A14.1 14.1 0 0 1 10.09 16h3.82A14.1 14.1 0 0 1 12 19.96ZM14.34 14H9.66a14.7 14.7 0 0 1 0-4h4.68a14.7 14.7 0 0 1 0 4Zm.25 5.56c.6-1.11 1.06-2.31 1.38-3.56h2.95a8.03 8.03 0 0 1-4.33 3.56ZM16.36 14a16.5 16.5 0 0 0 0-4h3.38a8.2 8.2 0 0 1 0 4h-3.38Z"
        />
      </svg>
      <select
        id={id}
        value={lang}
        // The other catalogues start loading as soon as the diner reaches for the selector.
        onFocus={() => LANGUAGE_OPTIONS.forEach((option) => void loadCatalog(option.code).catch(() => {}))}
        onChange={(event) => {
          const chosen = event.target.value;
          if (isLang(chosen)) void switchLang(chosen);
        }}
      >
        {LANGUAGE_OPTIONS.map((option) => (
          <option key={option.code} value={option.code} lang={option.code}>
            {option.label}
          </option>
        ))}
      </select>
    </span>
  );
}
