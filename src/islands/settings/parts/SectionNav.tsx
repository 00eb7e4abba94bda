/** The settings' navigation: a tab list (a side list from tablet width), arrow keys and Home/End move between sections. */
import { useRef, type KeyboardEvent } from 'react';
import { SETTINGS_SECTIONS, type SettingsSectionId } from '../section-list.ts';
import { useTranslation } from '../../shared/use-translation.ts';

/** The tabs of the settings' sections; `faulty` marks (and names, for screen readers) the sections holding a fault. */
export default function SectionNav(props: { current: SettingsSectionId; onPick(section: SettingsSectionId): void; faulty: ReadonlySet<SettingsSectionId> }) {
  const { t } = useTranslation();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = SETTINGS_SECTIONS.length - 1;
    const to = { ArrowDown: index + 1, ArrowRight: index + 1, ArrowUp: index - 1, ArrowLeft: index - 1, Home: 0, End: last }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = (to + SETTINGS_SECTIONS.length) % SETTINGS_SECTIONS.length;
    props.onPick(SETTINGS_SECTIONS[next]!);
    tabs.current[next]?.focus();
  };
  return (
    <div className="settings-nav" role="tablist" aria-label={t('settings.shell.sections')} aria-orientation="vertical">
      {SETTINGS_SECTIONS.map((section, index) => (
        <button
          key={section}
          ref={(element) => {
            tabs.current[index] = element;
          }}
          type="button"
          role="tab"
          id={`settings-tab-${section}`}
          aria-controls={`settings-panel-${section}`}
          aria-selected={props.current === section}
          tabIndex={props.current === section ? 0 : -1}
          className="settings-tab"
          onClick={() => props.onPick(section)}
          onKeyDown={(event) => move(event, index)}
        >
          {t(`settings.${section}.title`)}
          {props.faulty.has(section) ? (
            <>
              <span className="settings-tab-fault" aria-hidden="true" />
              <span className="visually-hidden">{t('settings.shell.state.invalid')}</span>
            </>
          ) : null}
        </button>
      ))}
    </div>
  );
}
