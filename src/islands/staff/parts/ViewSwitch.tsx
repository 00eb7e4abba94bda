/** The book's view switch: one pressed button per view (cards, compact list, timeline, plan), as many as STAFF_VIEWS names. */
import { useStore } from '@nanostores/react';
import { $staffView, setStaffView, STAFF_VIEWS } from '../../../stores/staff-view.ts';
import { useTranslation } from '../../shared/use-translation.ts';

/** The switch. */
export default function ViewSwitch() {
  const { t } = useTranslation();
  const view = useStore($staffView);
  return (
    <div className="staff-views" role="group" aria-label={t('staff.view.label')}>
      {STAFF_VIEWS.map((name) => (
        <button key={name} type="button" className="staff-view-button" aria-pressed={view === name} onClick={() => setStaffView(name)}>
          {t(`staff.view.${name}`)}
        </button>
      ))}
    </div>
  );
}
