/** The dialog of one action on a booking: what it will do, the fields it needs (reason, message, note, new place), and the server's refusal. */
import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import type { FormErrors } from '../../../lib/forms/auth-form-rules.ts';
import { bidiIsolate } from '../../../lib/text/bidi-isolate.ts';
import { longDate } from '../../../lib/text/long-date.ts';
import type { BookAction } from '../../../lib/staff/book-view.ts';
import { STAFF_REFUSE_REASONS, type StaffBookingRow, type StaffRefuseReason } from '../../../shared/api/staff.ts';
import { $staffBook, actOnBooking, type StaffAction } from '../../../stores/staff-book.ts';
import Field from '../../shared/form/Field.tsx';
import { useFormSubmit } from '../../shared/form/use-form-submit.ts';
import Modal from '../../shared/Modal.tsx';
import { useTranslation } from '../../shared/use-translation.ts';
import { useBookHour } from './use-book-hour.ts';
import PlaceFields, { type PlaceChoice } from './PlaceFields.tsx';
import { staffErrorText } from './staff-error-text.ts';
import { useSlots } from './use-slots.ts';
import DialogFooter from './DialogFooter.tsx';

/** The actions a dialog asks for. */
export type DialogAction = BookAction;

/** Which booking and action the dialog is open for, if any. */
export interface ActionDialogProps {
  booking: StaffBookingRow | null;
  action: DialogAction | null;
  onClose: () => void;
  /** Says what was done, for the page's live region. */
  onDone: (text: string) => void;
}

const DANGER: ReadonlySet<DialogAction> = new Set(['refuse', 'cancel', 'no_show']);

// The only field the form's own rules check: a move needs its new time.
const FIELDS = ['time'] as const;

/** The action's dialog; nothing while closed (its form starts from the booking as it is at each opening). */
export default function ActionDialog({ booking, action, onClose, onDone }: ActionDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const describeId = useId();
  if (!booking || !action) return null;
  return (
    <Modal open onClose={onClose} labelledBy={titleId} describedBy={describeId} variant="sheet" className="staff-dialog">
      <h2 id={titleId}>{t(`staff.dialog.${action}.title`)}</h2>
      <button type="button" className="modal-close" aria-label={t('common.close')} onClick={onClose}>
        <span aria-hidden="true">×</span>
      </button>
      <ActionForm key={`${booking.token} ${action}`} booking={booking} action={action} describeId={describeId} onClose={onClose} onDone={onDone} />
    </Modal>
  );
}

/** What the action will do, its fields and the dialog's footer. */
function ActionForm({
  booking,
  action,
  describeId,
  onClose,
  onDone,
}: {
  booking: StaffBookingRow;
  action: DialogAction;
  describeId: string;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const { t, lang } = useTranslation();
  const hour = useBookHour();
  const ids = { reason: useId(), message: useId(), note: useId(), date: useId(), time: useId() };
  const book = useStore($staffBook);
  const [reason, setReason] = useState<StaffRefuseReason>(action === 'cancel' ? 'restaurant_cancelled' : 'restaurant_full');
  const [message, setMessage] = useState('');
  const [note, setNote] = useState(booking.note);
  const [date, setDate] = useState(booking.day);
  const [place, setPlace] = useState<PlaceChoice>({ time: '', zoneId: booking.zone.id, tableId: '' });
  const { slots, loading } = useSlots(action === 'move' ? book.slug : null, date, place.zoneId, booking.party);
  const name = `${booking.diner.firstname} ${booking.diner.lastname}`.trim() || t('staff.noName');

  const request = (): StaffAction => {
    if (action === 'refuse' || action === 'cancel') return { kind: action, reason, message };
    if (action === 'note') return { kind: 'note', note };
    if (action === 'move') return { kind: 'move', datetime: Number(place.time), zoneId: place.zoneId, ...(place.tableId ? { tableId: place.tableId } : {}) };
    return { kind: action };
  };

  const { form, submit, pending, errors, failure } = useFormSubmit({
    fields: FIELDS,
    ids,
    validate: (): FormErrors<(typeof FIELDS)[number]> => (action === 'move' && !place.time ? { time: { key: 'staff.form.pickTimeFirst' } } : {}),
    send: async () => {
      const outcome = await actOnBooking(booking.token, request());
      if (outcome.ok) {
        onDone(t(`staff.done.${action}`, { name }));
        onClose();
      }
      return outcome;
    },
    fieldErrors: () => ({}),
    failureText: (refused) => staffErrorText(t, refused, action),
  });

  return (
    <form ref={form} className="staff-form" onSubmit={(event) => void submit(event)} noValidate>
      <p id={describeId} className="staff-dialog-summary">
        {t('staff.dialog.summary', {
          name: bidiIsolate(name),
          party: t('staff.party', { count: booking.party }),
          time: hour(booking.time),
          day: longDate(booking.day, lang),
          ref: booking.ref,
        })}
      </p>
      <p className="staff-hint">{t(`staff.dialog.${action}.explain`)}</p>
      {action === 'refuse' || action === 'cancel' ? (
        <>
          <Field id={ids.reason} label={t('staff.form.reason')} error={undefined} t={t}>
            {(control) => (
              <select {...control} className="staff-input" value={reason} onChange={(event) => setReason(event.target.value as StaffRefuseReason)}>
                {STAFF_REFUSE_REASONS.map((value) => (
                  <option key={value} value={value}>
                    {t(`staff.reason.${value}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id={ids.message} label={t('staff.form.message')} error={undefined} t={t}>
            {(control) => (
              <textarea
                {...control}
                className="staff-input staff-textarea"
                maxLength={500}
                value={message}
                onChange={(event) => setMessage(event.target.value)}
              />
            )}
          </Field>
        </>
      ) : null}
      {action === 'note' ? (
        <Field id={ids.note} label={t('staff.form.note')} error={undefined} t={t}>
          {(control) => (
            <textarea {...control} className="staff-input staff-textarea" maxLength={1000} value={note} onChange={(event) => setNote(event.target.value)} />
          )}
        </Field>
      ) : null}
      {action === 'move' ? (
        <>
          <Field id={ids.date} label={t('staff.form.date')} error={undefined} t={t}>
            {(control) => (
              <input
                {...control}
                className="staff-input"
                type="date"
                value={date}
                min={book.today ?? undefined}
                onChange={(event) => {
                  setDate(event.target.value);
                  setPlace({ ...place, time: '' });
                }}
              />
            )}
          </Field>
          <PlaceFields
            value={place}
            onChange={setPlace}
            zones={book.zones}
            slots={slots}
            loading={loading}
            party={booking.party}
            timeId={ids.time}
            timeError={errors.time}
          />
        </>
      ) : null}
      <DialogFooter failure={failure} pending={pending} submitLabel={t(`staff.dialog.${action}.submit`)} danger={DANGER.has(action)} onClose={onClose} />
    </form>
  );
}
