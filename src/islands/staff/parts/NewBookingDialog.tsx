/** A booking taken by the restaurant (on the phone, or a walk-in): name, phone, party, time, zone or table; confirmed at once. */
import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { useCountInput } from '../../shared/form/use-count-input.ts';
import type { FormErrors } from '../../../lib/forms/auth-form-rules.ts';
import { longDate } from '../../../lib/text/long-date.ts';
import { typedPhoneToInternational } from '../../../lib/phone/typed-phone.ts';
import { $staffBook, createStaffBooking } from '../../../stores/staff-book.ts';
import Field from '../../shared/form/Field.tsx';
import { useFormSubmit } from '../../shared/form/use-form-submit.ts';
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

// The fields the form's own rules check, in screen order.
const FIELDS = ['firstname', 'time'] as const;

/** The new booking dialog; nothing while closed (its form starts empty at each opening). */
export default function NewBookingDialog({ open, onClose, onDone }: NewBookingDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  if (!open) return null;
  return (
    <Modal open={open} onClose={onClose} labelledBy={titleId} variant="sheet" className="staff-dialog">
      <h2 id={titleId}>{t('staff.newBooking.title')}</h2>
      <button type="button" className="modal-close" aria-label={t('common.close')} onClick={onClose}>
        <span aria-hidden="true">×</span>
      </button>
      <NewBookingForm onClose={onClose} onDone={onDone} />
    </Modal>
  );
}

/** The diner's details, the place, the staff's note and the dialog's footer. */
function NewBookingForm({ onClose, onDone }: Omit<NewBookingDialogProps, 'open'>) {
  const { t, lang } = useTranslation();
  const book = useStore($staffBook);
  const ids = { firstname: useId(), last: useId(), phone: useId(), email: useId(), party: useId(), time: useId(), comment: useId() };
  const [firstname, setFirstname] = useState('');
  const [lastname, setLastname] = useState('');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [party, setParty] = useState(2);
  // Emptied to type another party, the field stays empty: a cleared 2 never becomes 1, then 14.
  const partyInput = useCountInput(party, (next) => setParty(Math.max(1, Math.round(next) || 1)));
  const [comment, setComment] = useState('');
  const [place, setPlace] = useState<PlaceChoice>({ time: '', zoneId: 'all', tableId: '' });
  const day = book.day ?? '';
  const isToday = day !== '' && day === book.today;
  const { slots, loading } = useSlots(book.slug, day, place.zoneId, party);

  const validate = (): FormErrors<(typeof FIELDS)[number]> => {
    if (!firstname.trim()) return { firstname: { key: 'staff.form.nameRequired' } };
    if (!place.time) return { time: { key: 'staff.form.pickTimeFirst' } };
    return {};
  };

  const { form, submit, pending, errors, failure } = useFormSubmit({
    fields: FIELDS,
    ids,
    validate,
    send: async () => {
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
      if (outcome.ok) {
        onDone(t('staff.done.create', { name: `${firstname} ${lastname}`.trim() }));
        onClose();
      }
      return outcome;
    },
    fieldErrors: () => ({}),
    failureText: (refused) => staffErrorText(t, refused, 'create'),
  });

  return (
    <form ref={form} className="staff-form" onSubmit={(event) => void submit(event)} noValidate>
      <p className="staff-hint">{t('staff.newBooking.explain', { day: day ? longDate(day, lang) : '' })}</p>
      <div className="staff-form-row">
        <Field id={ids.firstname} label={t('staff.form.firstname')} required error={errors.firstname} t={t}>
          {(control) => (
            <input {...control} className="staff-input" autoComplete="off" value={firstname} onChange={(event) => setFirstname(event.target.value)} />
          )}
        </Field>
        <Field id={ids.last} label={t('staff.form.lastname')} error={undefined} t={t}>
          {(control) => (
            <input {...control} className="staff-input" autoComplete="off" value={lastname} onChange={(event) => setLastname(event.target.value)} />
          )}
        </Field>
      </div>
      <div className="staff-form-row">
        <Field id={ids.phone} label={t('staff.form.phone')} error={undefined} t={t}>
          {(control) => (
            <input
              {...control}
              className="staff-input"
              type="tel"
              autoComplete="off"
              placeholder={book.merchantPhone ? undefined : t('staff.form.phoneHint')}
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
            />
          )}
        </Field>
        <Field id={ids.party} label={t('staff.form.party')} error={undefined} t={t}>
          {(control) => (
            <input
              {...control}
              className="staff-input"
              type="number"
              min={book.party?.min ?? 1}
              max={book.party?.max ?? 50}
              inputMode="numeric"
              {...partyInput}
            />
          )}
        </Field>
      </div>
      <Field id={ids.email} label={t('staff.form.email')} hint={t('staff.form.emailHint')} error={undefined} t={t}>
        {(control) => (
          <input
            {...control}
            className="staff-input"
            type="email"
            inputMode="email"
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        )}
      </Field>
      <PlaceFields
        value={place}
        onChange={setPlace}
        zones={book.zones}
        slots={slots}
        loading={loading}
        party={party}
        allowNow={isToday}
        timeId={ids.time}
        timeError={errors.time}
      />
      <Field id={ids.comment} label={t('staff.form.staffNote')} error={undefined} t={t}>
        {(control) => (
          <textarea {...control} className="staff-input staff-textarea" maxLength={500} value={comment} onChange={(event) => setComment(event.target.value)} />
        )}
      </Field>
      <DialogFooter failure={failure} pending={pending} submitLabel={t('staff.newBooking.submit')} onClose={onClose} />
    </form>
  );
}
