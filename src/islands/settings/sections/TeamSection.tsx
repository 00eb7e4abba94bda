/** The settings' team: the staff and their roles; an owner adds (by email), changes roles and removes, a manager only reads. */
import frSettings from '../../../i18n/messages/fr/settings.json' with { type: 'json' };
import { needMessages } from '../../../i18n/i18n.ts';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { STAFF_ROLES, mayStaff, type StaffRole } from '../../../shared/staff-roles.ts';
import { $settingsStaffEmail, loadSettingsStaffEmail } from '../../../stores/settings-history.ts';
import { useTranslation } from '../../shared/use-translation.ts';
import AddMember from '../parts/AddMember.tsx';
import { addMember, lockedReason } from '../parts/team-edits.ts';
import '../parts/settings-parts.css';
import type { SectionProps } from '../section-props.ts';

await needMessages('settings', frSettings);

/** Team settings. */
export default function TeamSection({ draft, errorAt, change, role }: SectionProps) {
  const { t } = useTranslation();
  const self = useStore($settingsStaffEmail);
  useEffect(() => {
    void loadSettingsStaffEmail();
  }, []);
  const staff = draft.staff ?? [];
  const editable = mayStaff(role, 'staff');
  const setRole = (index: number, next: StaffRole) => change(['staff', index, 'role'], next);
  return (
    <div className="sp-team">
      {editable ? null : <p className="sp-hint">{t('settings.team.readOnly')}</p>}
      {errorAt('staff') ? <p className="sp-error">{errorAt('staff')}</p> : null}
      <ul className="sp-list">
        {staff.map((member, index) => {
          const locked = lockedReason(staff, index, self);
          const id = `team-${index}`;
          const error = errorAt(`staff.${index}.email`) ?? errorAt(`staff.${index}.role`) ?? errorAt(`staff.${index}`);
          return (
            <li key={member.email} className="sp-row sp-member">
              <span className="sp-grow" id={`${id}-email`}>
                {member.email}
                {locked === 'self' ? ` (${t('settings.team.you')})` : ''}
              </span>
              {editable ? (
                <>
                  <div className="sp-field">
                    <label className="sp-label" htmlFor={`${id}-role`}>
                      {t('settings.team.role')}
                      {/* One role field per member: each is named for whose it is. */}
                      <span className="visually-hidden"> — {member.email}</span>
                    </label>
                    <select
                      id={`${id}-role`}
                      value={member.role}
                      disabled={locked === 'lastOwner'}
                      onChange={(event) => setRole(index, event.target.value as StaffRole)}
                    >
                      {STAFF_ROLES.map((each) => (
                        <option key={each} value={each}>
                          {t(`settings.team.roles.${each}`)}
                        </option>
                      ))}
                    </select>
                  </div>
                  <button
                    type="button"
                    className="cv-btn cv-btn-danger-outline sp-button"
                    disabled={locked !== undefined}
                    aria-describedby={locked ? `${id}-locked` : undefined}
                    onClick={() =>
                      change(
                        ['staff'],
                        staff.filter((_, at) => at !== index),
                      )
                    }
                  >
                    <span aria-hidden="true">{t('settings.team.removeShort')}</span>
                    <span className="visually-hidden">{t('settings.team.remove', { email: member.email })}</span>
                  </button>
                  {locked ? (
                    <p className="sp-hint" id={`${id}-locked`}>
                      {t(`settings.team.locked.${locked}`)}
                    </p>
                  ) : null}
                </>
              ) : (
                <span>{t(`settings.team.roles.${member.role}`)}</span>
              )}
              {error ? <p className="sp-error">{error}</p> : null}
            </li>
          );
        })}
      </ul>
      {editable ? <AddMember staff={staff} onAdd={(email, next) => change(['staff'], addMember(staff, email, next))} t={t} /> : null}
    </div>
  );
}
