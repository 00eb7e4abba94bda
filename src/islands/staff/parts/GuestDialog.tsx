/**
 * A booking's diner as the restaurant knows them: their bookings here by outcome, and what staff keep on them (VIP,
 * regular, seating, the 14 EU allergens, a note), which follows them to their next bookings here. Staff only.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { bidiIsolate } from '../../../lib/text/bidi-isolate.ts';
import type { StaffBookingRow } from '../../../shared/api/staff.ts';
import type { StaffGuestResponse } from '../../../shared/api/staff-guest.ts';
import { ALLERGENS, MAX_GUEST_NOTE_LENGTH, MAX_SEATING_LENGTH, type Allergen, type GuestTags } from '../../../shared/guest-profile.ts';
import { $staffGuest, closeGuest, openGuest, saveGuestTags } from '../../../stores/staff-guest.ts';
import Modal from '../../shared/Modal.tsx';
import { useTranslation } from '../../shared/use-translation.ts';
import DialogFooter from './DialogFooter.tsx';
import { staffErrorText } from './staff-error-text.ts';
import './staff-guest.css';

/** The booking whose diner is shown (null: closed). */
export interface GuestDialogProps {
  booking: StaffBookingRow | null;
  onClose: () => void;
  onDone: (text: string) => void;
}

/** The profile dialog; nothing while closed. */
export default function GuestDialog({ booking, onClose, onDone }: GuestDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const state = useStore($staffGuest);
  const token = booking?.token ?? null;

  useEffect(() => {
    if (!token) return;
    void openGuest(token);
    return closeGuest;
  }, [token]);

  if (!booking) return null;
  const name = `${booking.diner.firstname} ${booking.diner.lastname}`.trim() || t('staff.noName');
  const guest = state.token === booking.token ? state.guest : null;
  return (
    <Modal open onClose={onClose} labelledBy={titleId} className="staff-dialog staff-guest-dialog">
      <h2 id={titleId}>{t('staff.guest.title', { name: bidiIsolate(name) })}</h2>
      <button type="button" className="modal-close" aria-label={t('common.close')} onClick={onClose}>
        <span aria-hidden="true">×</span>
      </button>
      {state.status === 'error' ? (
        <p className="staff-alert" role="alert">
          {staffErrorText(t, { code: state.error ?? 'network_error' })}
        </p>
      ) : !guest ? (
        <p className="staff-empty" role="status">
          {t('staff.loading')}
        </p>
      ) : (
        <>
          <GuestCounts guest={guest} />
          {/* A new revision (ours saved, or theirs read after a conflict) starts the form again from it. */}
          <GuestForm key={`${booking.token}.${guest.revision}`} guest={guest} overtaken={state.overtaken} onClose={onClose} onDone={onDone} />
        </>
      )}
    </Modal>
  );
}

/** The diner's bookings here by outcome, and how they are recognised. */
function GuestCounts({ guest }: { guest: StaffGuestResponse['guest'] }) {
  const { t } = useTranslation();
  const counts = [
    ['visits', guest.counts.visits],
    ['noShows', guest.counts.no_shows],
    ['cancelledByDiner', guest.counts.cancelled_by_diner],
    ['cancelledByRestaurant', guest.counts.cancelled_by_restaurant],
  ] as const;
  return (
    <section className="staff-guest-history" aria-label={t('staff.guest.history')}>
      <dl className="staff-guest-counts">
        {counts.map(([key, count]) => (
          <div key={key} className={`staff-guest-count${key === 'noShows' && count > 0 ? ' staff-guest-count-warn' : ''}`}>
            <dt>{t(`staff.guest.count.${key}`)}</dt>
            <dd>{count}</dd>
          </div>
        ))}
      </dl>
      <p className="staff-hint">{t(`staff.guest.identity.${guest.identity}`)}</p>
    </section>
  );
}

/** The tags, allergies, seating and note, saved together from the revision read. */
function GuestForm({
  guest,
  overtaken,
  onClose,
  onDone,
}: {
  guest: StaffGuestResponse['guest'];
  overtaken: boolean;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const { t, lang } = useTranslation();
  const seatingId = useId();
  const noteId = useId();
  const [tags, setTags] = useState<GuestTags>(guest.tags);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(overtaken ? t('staff.guest.overtaken') : null);
  const set = <K extends keyof GuestTags>(key: K, value: GuestTags[K]) => setTags((current) => ({ ...current, [key]: value }));
  const toggleAllergen = (allergen: Allergen, on: boolean) =>
    set('allergens', on ? ALLERGENS.filter((one) => one === allergen || tags.allergens.includes(one)) : tags.allergens.filter((one) => one !== allergen));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    const outcome = await saveGuestTags(tags);
    setPending(false);
    if (outcome.ok) {
      onDone(t('staff.guest.saved'));
      onClose();
    } else if (outcome.code !== 'stale_revision') setFailure(staffErrorText(t, outcome));
  };

  const saved = guest.updated_at
    ? t('staff.guest.savedBy', {
        who: guest.updated_by ?? '',
        when: new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(guest.updated_at)),
      })
    : null;
  return (
    <form className="staff-form staff-guest-form" onSubmit={(event) => void submit(event)} noValidate>
      <fieldset className="staff-guest-tags">
        <legend>{t('staff.guest.tags')}</legend>
        {(['vip', 'regular'] as const).map((key) => (
          <button key={key} type="button" className="staff-guest-toggle" aria-pressed={tags[key]} onClick={() => set(key, !tags[key])}>
            <span className="staff-guest-toggle-mark" aria-hidden="true" />
            {t(`staff.guest.${key}`)}
          </button>
        ))}
      </fieldset>
      <div className="staff-guest-field">
        <label className="staff-label" htmlFor={seatingId}>
          {t('staff.guest.seating')}
        </label>
        <input
          id={seatingId}
          className="staff-input"
          maxLength={MAX_SEATING_LENGTH}
          value={tags.seating}
          placeholder={t('staff.guest.seatingExample')}
          onChange={(event) => set('seating', event.target.value)}
        />
      </div>
      <fieldset className="staff-guest-allergens">
        <legend>{t('staff.guest.allergens')}</legend>
        <ul>
          {ALLERGENS.map((allergen) => (
            <li key={allergen}>
              <label>
                <input type="checkbox" checked={tags.allergens.includes(allergen)} onChange={(event) => toggleAllergen(allergen, event.target.checked)} />
                {t(`staff.guest.allergen.${allergen}`)}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="staff-guest-field">
        <label className="staff-label" htmlFor={noteId}>
          {t('staff.guest.note')}
        </label>
        <textarea
          id={noteId}
          className="staff-input staff-textarea"
          rows={3}
          maxLength={MAX_GUEST_NOTE_LENGTH}
          value={tags.note}
          onChange={(event) => set('note', event.target.value)}
        />
      </div>
      <p className="staff-hint">
        {t('staff.guest.private')}
        {saved ? ` ${saved}` : ''}
      </p>
      <DialogFooter failure={failure} pending={pending} submitLabel={t('staff.guest.save')} onClose={onClose} />
    </form>
  );
}
