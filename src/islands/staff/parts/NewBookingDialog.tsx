/** A booking taken by the restaurant (on the phone, or a walk-in): name, phone, party, time, zone or table; confirmed at once. */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { longDate } from '../../../lib/text/long-date.ts';
import { typedPhoneToInternational } from '../../../lib/phone/typed-phone.ts';
import { $staffBook, createStaffBooking } from '../../../stores/staff-book.ts';
import Modal from '../../shared/Modal.tsx';
import { useTranslation } from '../../shared/use-translation.ts';
import PlaceFields, { type PlaceChoice } from './PlaceFields.tsx';
import { staffErrorText } from './staff-error-text.ts';
import { useSlots } from './use-slots.ts';
import DialogFooter from './DialogFooter.tsx';

/** Whether the dialog is open, and what to say once the booking is taken. */
export interface NewBookingDialogProps {
  open: boolean;
  onClose: () => void;
  onDone: (text: string) => void;
}

/** The new booking form; nothing while closed. */
export default function NewBookingDialog({ open, onClose, onDone }: NewBookingDialogProps) {
  const { t, lang } = useTranslation();
  const book = useStore($staffBook);
  const titleId = useId();
  const ids = { first: useId(), last: useId(), phone: useId(), email: useId(), party: useId(), comment: useId() };
  const [firstname, setFirstname] = useState('');
  const [lastname, setLastname] = useState('');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [party, setParty] = useState(2);
  const [comment, setComment] = useState('');
  const [place, setPlace] = useState<PlaceChoice>({ time: '', zoneId: 'all', tableId: '' });
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const day = book.day ?? '';
  const isToday = day !== '' && day === book.today;

  useEffect(() => {
    if (!open) return;
    setFirstname('');
    setLastname('');
    setPhone('');
    setEmail('');
    setParty(2);
    setComment('');
    setPlace({ time: '', zoneId: 'all', tableId: '' });
    setFailure(null);
  }, [open]);

  const { slots, loading } = useSlots(open ? book.slug : null, day, place.zoneId, party);
  if (!open) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!firstname.trim()) return setFailure(t('staff.form.nameRequired'));
    if (!place.time) return setFailure(t('staff.form.pickTimeFirst'));
    setPending(true);
    setFailure(null);
    const outcome = await createStaffBooking({
      datetime: place.time === 'now' ? Math.floor(Date.now() / 1000) : Number(place.time),
      party,
      firstname: firstname.trim(),
      ...(lastname.trim() ? { lastname: lastname.trim() } : {}),
      ...(phone.trim() ? { phone: typedPhoneToInternational(phone, book.merchantPhone) } : {}),
      ...(email.trim() ? { email: email.trim() } : {}),
      ...(place.time === 'now' ? { walk_in: true } : {}),
      ...(place.zoneId !== 'all' ? { zone_id: place.zoneId } : {}),
      ...(place.tableId ? { table_id: place.tableId } : {}),
      ...(comment.trim() ? { comment: comment.trim() } : {}),
      lang,
    });
    setPending(false);
    if (!outcome.ok) return setFailure(staffErrorText(t, outcome, 'create'));
    onDone(t('staff.done.create', { name: `${firstname} ${lastname}`.trim() }));
    onClose();
  };

  return (
    <Modal open={open} onClose={onClose} labelledBy={titleId} variant="sheet" className="staff-dialog">
      <h2 id={titleId}>{t('staff.newBooking.title')}</h2>
      <button type="button" className="modal-close" aria-label={t('common.close')} onClick={onClose}>
        <span aria-hidden="true">×</span>
      </button>
      <form className="staff-form" onSubmit={(event) => void submit(event)} noValidate>
        <p className="staff-hint">{t('staff.newBooking.explain', { day: day ? longDate(day, lang) : '' })}</p>
        <div className="staff-form-row">
          <div>
            <label className="staff-label" htmlFor={ids.first}>
              {t('staff.form.firstname')}
            </label>
            <input
              id={ids.first}
              className="staff-input"
              autoComplete="off"
              required
              value={firstname}
              onChange={(event) => setFirstname(event.target.value)}
            />
          </div>
          <div>
            <label className="staff-label" htmlFor={ids.last}>
              {t('staff.form.lastname')}
            </label>
            <input id={ids.last} className="staff-input" autoComplete="off" value={lastname} onChange={(event) => setLastname(event.target.value)} />
          </div>
        </div>
        <div className="staff-form-row">
          <div>
            <label className="staff-label" htmlFor={ids.phone}>
              {t('staff.form.phone')}
            </label>
            <input
              id={ids.phone}
              className="staff-input"
              type="tel"
              autoComplete="off"
              placeholder={book.merchantPhone ? undefined : t('staff.form.phoneHint')}
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
            />
          </div>
          <div>
            <label className="staff-label" htmlFor={ids.party}>
              {t('staff.form.party')}
            </label>
            <input
              id={ids.party}
              className="staff-input"
              type="number"
              min={book.party?.min ?? 1}
              max={book.party?.max ?? 50}
              inputMode="numeric"
              value={party}
              onChange={(event) => setParty(Math.max(1, Number(event.target.value) || 1))}
            />
          </div>
        </div>
        <label className="staff-label" htmlFor={ids.email}>
          {t('staff.form.email')}
        </label>
        <input
          id={ids.email}
          className="staff-input"
          type="email"
          inputMode="email"
          autoComplete="off"
          aria-describedby={`${ids.email}-hint`}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <p id={`${ids.email}-hint`} className="staff-hint">
          {t('staff.form.emailHint')}
        </p>
        <PlaceFields value={place} onChange={setPlace} zones={book.zones} slots={slots} loading={loading} party={party} allowNow={isToday} />
        <label className="staff-label" htmlFor={ids.comment}>
          {t('staff.form.staffNote')}
        </label>
        <textarea
          id={ids.comment}
          className="staff-input staff-textarea"
          maxLength={500}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
        />
        <DialogFooter failure={failure} pending={pending} submitLabel={t('staff.newBooking.submit')} onClose={onClose} />
      </form>
    </Modal>
  );
}
