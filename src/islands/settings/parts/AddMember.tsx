/** The team section's form to add a staff member by email with a role; they are mailed a link to choose their password. */
import { useState } from 'react';
import { STAFF_ROLES, type StaffRole } from '../../../shared/staff-roles.ts';
import type { Translate } from '../../shared/use-translation.ts';
import type { DraftStaff } from '../definition-draft.ts';
import { newMemberProblem } from './team-edits.ts';

/** What the form needs. */
export interface AddMemberProps {
  staff: readonly DraftStaff[];
  onAdd(email: string, role: StaffRole): void;
  t: Translate;
}

/** The add-a-member form. */
export default function AddMember({ staff, onAdd, t }: AddMemberProps) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('host');
  const [tried, setTried] = useState(false);
  const problem = newMemberProblem(staff, email);
  const add = () => {
    setTried(true);
    if (problem) return;
    onAdd(email, role);
    setEmail('');
    setTried(false);
  };
  return (
    <div className="sp-row">
      <div className="sp-field sp-grow">
        <label className="sp-label" htmlFor="team-new-email">
          {t('settings.team.newEmail')}
        </label>
        <input
          id="team-new-email"
          type="email"
          autoComplete="off"
          value={email}
          aria-invalid={tried && problem ? true : undefined}
          onChange={(event) => setEmail(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        {tried && problem ? <p className="sp-error">{t(`settings.team.problems.${problem}`)}</p> : null}
      </div>
      <div className="sp-field">
        <label className="sp-label" htmlFor="team-new-role">
          {t('settings.team.role')}
        </label>
        <select id="team-new-role" value={role} onChange={(event) => setRole(event.target.value as StaffRole)}>
          {STAFF_ROLES.map((each) => (
            <option key={each} value={each}>
              {t(`settings.team.roles.${each}`)}
            </option>
          ))}
        </select>
      </div>
      <button type="button" className="cv-btn cv-btn-secondary sp-button" onClick={add}>
        {t('settings.team.add')}
      </button>
      <p className="sp-hint">{t('settings.team.inviteHint')}</p>
    </div>
  );
}
