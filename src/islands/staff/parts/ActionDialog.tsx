/** The dialog of one action on a booking: what it will do, the fields it needs (reason, message, note, new place), and the server's refusal. */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { bidiIsolate } from '../../../lib/text/bidi-isolate.ts';
import { longDate } from '../../../lib/text/long-date.ts';
import type { BookAction } from '../../../lib/staff/book-view.ts';
import { STAFF_REFUSE_REASONS, type StaffBookingRow, type StaffRefuseReason } from '../../../shared/api/staff.ts';
import { $staffBook, actOnBooking, type StaffAction } from '../../../stores/staff-book.ts';
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

/** The action's dialog; nothing while closed. */
export default function ActionDialog({ booking, action, onClose, onDone }: ActionDialogProps) {
  const { t, lang } = useTranslation();
  const hour = useBookHour();
  const titleId = useId();
  const describeId = useId();
  const reasonId = useId();
  const messageId = useId();
  const noteId = useId();
  const dateId = useId();
  const book = useStore($staffBook);
  const [reason, setReason] = useState<StaffRefuseReason>('restaurant_full');
  const [message, setMessage] = useState('');
  const [note, setNote] = useState('');
  const [date, setDate] = useState('');
  const [place, setPlace] = useState<PlaceChoice>({ time: '', zoneId: 'all', tableId: '' });
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const open = booking !== null && action !== null;

  // Each opening starts from the booking as it is.
  useEffect(() => {
    if (!booking || !action) return;
    setReason(action === 'cancel' ? 'restaurant_cancelled' : 'restaurant_full');
    setMessage('');
    setNote(booking.note);
    setDate(booking.day);
    setPlace({ time: '', zoneId: booking.zone.id, tableId: '' });
    setFailure(null);
    setPending(false);
  }, [booking, action]);

  const { slots, loading } = useSlots(action === 'move' ? book.slug : null, date, place.zoneId, booking?.party ?? 0);
  if (!open) return null;
  const name = `${booking.diner.firstname} ${booking.diner.lastname}`.trim() || t('staff.noName');

  const request = (): StaffAction | null => {
    if (action === 'refuse' || action === 'cancel') return { kind: action, reason, message };
    if (action === 'note') return { kind: 'note', note };
    if (action === 'move') {
      if (!place.time) return null;
      return { kind: 'move', datetime: Number(place.time), zoneId: place.zoneId, ...(place.tableId ? { tableId: place.tableId } : {}) };
    }
    return { kind: action };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const asked = request();
    if (!asked) {
      setFailure(t('staff.form.pickTimeFirst'));
      return;
    }
    setPending(true);
    setFailure(null);
    const outcome = await actOnBooking(booking.token, asked);
    setPending(false);
    if (!outcome.ok) {
      setFailure(staffErrorText(t, outcome, action));
      return;
    }
    onDone(t(`staff.done.${action}`, { name }));
    onClose();
  };

  return (
    <Modal open={open} onClose={onClose} labelledBy={titleId} describedBy={describeId} variant="sheet" className="staff-dialog">
      <h2 id={titleId}>{t(`staff.dialog.${action}.title`)}</h2>
      <button type="button" className="modal-close" aria-label={t('common.close')} onClick={onClose}>
        <span aria-hidden="true">×</span>
      </button>
      <form className="staff-form" onSubmit={(event) => void submit(event)} noValidate>
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
            <label className="staff-label" htmlFor={reasonId}>
              {t('staff.form.reason')}
            </label>
            <select id={reasonId} className="staff-input" value={reason} onChange={(event) => setReason(event.target.value as StaffRefuseReason)}>
              {STAFF_REFUSE_REASONS.map((value) => (
                <option key={value} value={value}>
                  {t(`staff.reason.${value}`)}
                </option>
              ))}
            </select>
            <label className="staff-label" htmlFor={messageId}>
              {t('staff.form.message')}
            </label>
            <textarea
              id={messageId}
              className="staff-input staff-textarea"
              maxLength={500}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
            />
          </>
        ) : null}
        {action === 'note' ? (
          <>
            <label className="staff-label" htmlFor={noteId}>
              {t('staff.form.note')}
            </label>
            <textarea id={noteId} className="staff-input staff-textarea" maxLength={1000} value={note} onChange={(event) => setNote(event.target.value)} />
          </>
        ) : null}
        {action === 'move' ? (
          <>
            <label className="staff-label" htmlFor={dateId}>
              {t('staff.form.date')}
            </label>
            <input
              id={dateId}
              className="staff-input"
              type="date"
              value={date}
              min={book.today ?? undefined}
              onChange={(event) => {
                setDate(event.target.value);
                setPlace({ ...place, time: '' });
              }}
            />
            <PlaceFields value={place} onChange={setPlace} zones={book.zones} slots={slots} loading={loading} party={booking.party} />
          </>
        ) : null}
        <DialogFooter failure={failure} pending={pending} submitLabel={t(`staff.dialog.${action}.submit`)} danger={DANGER.has(action)} onClose={onClose} />
      </form>
    </Modal>
  );
}
