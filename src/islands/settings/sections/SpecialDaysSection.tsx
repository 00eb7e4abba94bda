/** The settings' special days: a month of closed days, special hours and the book's closings; a chosen day is edited below it. */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import type { LocalDate } from '../../../shared/local-time.ts';
import { todayIn } from '../../../lib/calendar/calendar.ts';
import { $settingsClosings, loadSettingsClosings } from '../../../stores/settings-days.ts';
import { useTranslation } from '../../shared/use-translation.ts';
import type { SectionProps } from '../section-props.ts';
import DaysCalendar from '../parts/days-calendar.tsx';
import DayEditor from '../parts/days-editor.tsx';
import { dayState, usualSlots, withDay, type DraftSpecialDay } from '../parts/days-model.ts';

/** Special days settings. */
export default function SpecialDaysSection({ slug, draft, errorAt, change }: SectionProps) {
  const { t } = useTranslation();
  const closings = useStore($settingsClosings);
  const [selected, setSelected] = useState<LocalDate | null>(null);
  // The page's opening instant: the month starts at the merchant's today as of then.
  const [openedAt] = useState(() => Date.now());
  const today = useMemo(() => todayIn(openedAt, draft.timezone), [openedAt, draft.timezone]);

  useEffect(() => {
    void loadSettingsClosings(slug);
  }, [slug]);

  const closingDates = useMemo(() => new Set((closings ?? []).map((closing) => closing.day)), [closings]);
  const setDay = (date: LocalDate, entry: DraftSpecialDay | null) => {
    const next = withDay(draft, date, entry);
    change(['closedDays'], next.closedDays);
    change(['specialDays'], next.specialDays);
  };

  return (
    <div className="settings-section">
      <p className="settings-hint">{t('settings.days.intro')}</p>
      <DaysCalendar today={today} selected={selected} kindOf={(date) => dayState(draft, date).kind} closingDates={closingDates} onSelect={setSelected} />
      {selected && (
        <DayEditor
          date={selected}
          state={dayState(draft, selected)}
          timezone={draft.timezone}
          usual={usualSlots(draft, selected)}
          closings={(closings ?? []).filter((closing) => closing.day === selected)}
          errorAt={errorAt}
          onChange={(entry) => setDay(selected, entry)}
        />
      )}
    </div>
  );
}
