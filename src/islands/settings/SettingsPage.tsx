/**
 * The restaurant's settings (/pro/{slug}/settings, one shell for every merchant), for a manager or the owner: a
 * section list beside the section shown, one save bar for the whole definition, each fault beside its field. A host
 * is told their role cannot change settings, and sees no form.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useState, type ComponentType } from 'react';
import { needMessages } from '../../i18n/i18n.ts';
import frSettings from '../../i18n/messages/fr/settings.json' with { type: 'json' };
import { STAFF_HOME_PATH, settingsSlugOf, staffBookPath, staffSignInPath } from '../../lib/staff/staff-routes.ts';
import { $settings, $settingsDirty, $settingsErrors, changeSetting, loadSettings } from '../../stores/settings.ts';
import { $staffSession, isStaff } from '../../stores/staff-session.ts';
import LanguageSelector from '../shared/LanguageSelector.tsx';
import { useHydrated } from '../shared/use-hydrated.ts';
import { useTranslation } from '../shared/use-translation.ts';
import SaveBar from './parts/SaveBar.tsx';
import SectionNav from './parts/SectionNav.tsx';
import StaleNotice from './parts/StaleNotice.tsx';
import { sectionOfHash, sectionOfPath, type SettingsSectionId } from './section-list.ts';
import type { SectionProps } from './section-props.ts';
import HistorySection from './sections/HistorySection.tsx';
import HoursSection from './sections/HoursSection.tsx';
import PageSection from './sections/PageSection.tsx';
import RulesSection from './sections/RulesSection.tsx';
import SpecialDaysSection from './sections/SpecialDaysSection.tsx';
import TeamSection from './sections/TeamSection.tsx';
import ZonesSection from './sections/ZonesSection.tsx';
import '../shared/buttons.css';
import './settings.css';

await needMessages('settings', frSettings);

const SECTION_VIEWS: Record<SettingsSectionId, ComponentType<SectionProps>> = {
  page: PageSection,
  hours: HoursSection,
  days: SpecialDaysSection,
  rules: RulesSection,
  zones: ZonesSection,
  team: TeamSection,
  history: HistorySection,
};

/** The settings page's island. */
export default function SettingsPage() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const state = useStore($settings);
  const dirty = useStore($settingsDirty);
  const errors = useStore($settingsErrors);
  const session = useStore($staffSession);
  const slug = hydrated ? settingsSlugOf(globalThis.location.pathname) : null;
  const [section, setSection] = useState<SettingsSectionId>(() => sectionOfHash(globalThis.location?.hash ?? ''));

  useEffect(() => {
    if (!hydrated) return;
    if (!slug || !isStaff()) {
      globalThis.location.replace(slug ? staffSignInPath(globalThis.location.pathname) : STAFF_HOME_PATH);
      return;
    }
    void loadSettings(slug);
  }, [hydrated, slug]);

  // Unsaved changes: the browser asks before the page is left (a link, a reload, closing the tab).
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    globalThis.addEventListener('beforeunload', warn);
    return () => globalThis.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const pick = useCallback((next: SettingsSectionId) => {
    setSection(next);
    globalThis.history.replaceState(null, '', `#${next}`);
  }, []);

  const errorAt = useCallback(
    (path: string) => {
      const error = errors[path];
      if (!error) return undefined;
      return 'key' in error ? t(error.key) : error.text;
    },
    [errors, t],
  );
  const faulty = useMemo(() => new Set(Object.keys(errors).map(sectionOfPath)), [errors]);

  if (!hydrated) return <p className="settings-loading">…</p>;
  const merchantName = state.draft?.name ?? session.merchants.find((merchant) => merchant.slug === slug)?.name ?? slug ?? '';
  const bookLink = slug ? (
    <a className="cv-btn cv-btn-secondary settings-small" href={staffBookPath(slug)}>
      {t('settings.shell.toBook')}
    </a>
  ) : null;

  const header = (
    <header className="settings-top">
      <div className="settings-top-title">
        <p className="settings-eyebrow">{merchantName}</p>
        <h1 className="settings-title">{t('settings.title')}</h1>
      </div>
      <div className="settings-top-tools">
        <LanguageSelector />
        {bookLink}
      </div>
    </header>
  );

  if (state.status === 'refused') {
    return (
      <div className="settings-page">
        {header}
        <div className="settings-card settings-refused" role="alert">
          <h2>{t('settings.shell.refusedTitle')}</h2>
          <p>{t('settings.shell.refused')}</p>
        </div>
      </div>
    );
  }
  if (state.status === 'failed') {
    return (
      <div className="settings-page">
        {header}
        <div className="settings-alert" role="alert">
          <p>{t('settings.shell.failed')}</p>
          <button type="button" className="cv-btn cv-btn-secondary" onClick={() => slug && void loadSettings(slug)}>
            {t('settings.shell.retry')}
          </button>
        </div>
      </div>
    );
  }
  if (state.status === 'loading' || !state.draft || !state.role || !slug) {
    return (
      <div className="settings-page">
        {header}
        <p className="settings-loading" role="status">
          {t('settings.shell.loading')}
        </p>
      </div>
    );
  }

  const props: SectionProps = { slug, draft: state.draft, errorAt, change: changeSetting, role: state.role };
  const View = SECTION_VIEWS[section];
  return (
    <div className="settings-page" data-settings={state.save}>
      {header}
      <StaleNotice />
      <div className="settings-layout">
        <SectionNav current={section} onPick={pick} faulty={faulty} />
        <section className="settings-panel" role="tabpanel" id={`settings-panel-${section}`} aria-labelledby={`settings-tab-${section}`}>
          <h2 className="settings-panel-title">{t(`settings.${section}.title`)}</h2>
          <View {...props} />
        </section>
      </div>
      <SaveBar />
    </div>
  );
}
