/** The page's two colours (a colour picker and its #hex text each), a live preview of the page's header and button, and their WCAG AA contrast. */
import { contrastRatio, normaliseHex } from '../../../shared/colour.ts';
import { DEFAULT_THEME, themeVars } from '../../../shared/merchant-theme.ts';
import type { SectionProps } from '../section-props.ts';
import { useTranslation } from '../../shared/use-translation.ts';
import FieldError from './FieldError.tsx';

const AA = 4.5;

/** One colour: the picker shows the last valid value while the text is being typed. */
function ColourField(props: { which: 'primary' | 'background'; section: SectionProps }) {
  const { t } = useTranslation();
  const { which, section } = props;
  const value = section.draft.theme?.[which] ?? '';
  const id = `settings-theme-${which}`;
  const error = section.errorAt(`theme.${which}`);
  const set = (next: string) => section.change(['theme', which], next);
  return (
    <div className="settings-field">
      <label className="settings-label" htmlFor={id}>
        {t(`settings.page.${which}`)}
      </label>
      <div className="settings-colour-row">
        <input
          type="color"
          className="settings-colour-swatch"
          aria-label={t(`settings.page.${which}`)}
          value={normaliseHex(value) ?? DEFAULT_THEME[which]}
          onChange={(event) => set(event.target.value)}
        />
        <input
          id={id}
          className="settings-input settings-colour-text"
          value={value}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => set(event.target.value)}
        />
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** One contrast check: pass or fail at AA, with the ratio. */
function Contrast(props: { label: string; ratio: number }) {
  const { t, lang } = useTranslation();
  const ratio = props.ratio.toLocaleString(lang, { maximumFractionDigits: 2 });
  const pass = props.ratio >= AA;
  return (
    <li className={`settings-contrast ${pass ? 'settings-contrast-pass' : 'settings-contrast-fail'}`}>
      <span>{props.label}</span>
      <strong>{t(pass ? 'settings.page.contrastPass' : 'settings.page.contrastFail', { ratio })}</strong>
    </li>
  );
}

/** The colours, the preview and the contrast checks. */
export default function ThemeFields(props: { section: SectionProps }) {
  const { t } = useTranslation();
  const { draft } = props.section;
  const vars = themeVars(draft.theme);
  return (
    <fieldset className="settings-group">
      <legend className="settings-legend">{t('settings.page.colours')}</legend>
      <div className="settings-colours">
        <ColourField which="primary" section={props.section} />
        <ColourField which="background" section={props.section} />
      </div>
      <div className="settings-preview" aria-label={t('settings.page.preview')} role="img" style={{ background: vars.background, color: vars.text }}>
        <div className="settings-preview-head" style={{ borderColor: vars.primary }}>
          <strong>{draft.name}</strong>
        </div>
        <p>{t('settings.page.previewText')}</p>
        <span className="settings-preview-button" style={{ background: vars.primary, color: vars.onPrimary }}>
          {t('settings.page.previewButton')}
        </span>
      </div>
      <ul className="settings-contrasts">
        <Contrast label={t('settings.page.contrastText')} ratio={contrastRatio(vars.text, vars.background)} />
        <Contrast label={t('settings.page.contrastButton')} ratio={contrastRatio(vars.onPrimary, vars.primary)} />
      </ul>
    </fieldset>
  );
}
