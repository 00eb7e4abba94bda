/**
 * A table tapped on the book's plan: what it is now, a walk-in seated there in one more tap (party size set to the
 * table's seats, a name if staff want one) through the staff walk-in call with this table named, and the day's
 * bookings at the table, each opening its actions.
 */
import { useId, useState, type FormEvent } from 'react';
import { useCountInput } from '../../shared/form/use-count-input.ts';
import { bidiIsolate } from '../../../lib/text/bidi-isolate.ts';
import { bookingKind } from '../../../lib/staff/book-view.ts';
import { bookingsOfTable, type TableState } from '../../../lib/staff/plan-state.ts';
import type { StaffBookingRow, StaffZone } from '../../../shared/api/staff.ts';
import { createStaffBooking } from '../../../stores/staff-book.ts';
import Modal from '../../shared/Modal.tsx';
import { useTranslation } from '../../shared/use-translation.ts';
import DialogFooter from './DialogFooter.tsx';
import { staffErrorText } from './staff-error-text.ts';
import { useBookHour } from './use-book-hour.ts';

/** The table tapped, its zone and state, the day's bookings, and what to do. */
export interface PlanTableDialogProps {
  target: { zone: StaffZone; table: StaffZone['tables'][number]; state: TableState } | null;
  bookings: readonly StaffBookingRow[];
  /** Walk-ins sit down today only. */
  today: boolean;
  /** The words of the table's state ("seated since 19:40"). */
  stateText: string;
  onOpen: (booking: StaffBookingRow) => void;
  onClose: () => void;
  onDone: (text: string) => void;
}

/** The table's dialog; nothing while no table is tapped. */
export default function PlanTableDialog(props: PlanTableDialogProps) {
  const { target, onClose } = props;
  const { t } = useTranslation();
  const titleId = useId();
  if (!target) return null;
  return (
    <Modal open onClose={onClose} labelledBy={titleId} variant="sheet" className="staff-dialog">
      <h2 id={titleId}>{t('staff.plan.tableTitle', { name: target.table.name, seats: t('staff.plan.seats', { count: target.table.maxSeats }) })}</h2>
      <button type="button" className="modal-close" aria-label={t('common.close')} onClick={onClose}>
        <span aria-hidden="true">×</span>
      </button>
      {/* A new table starts a new form (its party size from its seats). */}
      <PlanTableBody key={target.table.id} {...props} target={target} />
    </Modal>
  );
}

function PlanTableBody({
  target,
  bookings,
  today,
  stateText,
  onOpen,
  onClose,
  onDone,
}: PlanTableDialogProps & { target: NonNullable<PlanTableDialogProps['target']> }) {
  const { t, lang } = useTranslation();
  const hour = useBookHour();
  const ids = { party: useId(), name: useId() };
  const { zone, table } = target;
  const [party, setParty] = useState(table.maxSeats);
  // Emptied to type another party, the field stays empty: a cleared 2 never becomes 1, then 14.
  const partyInput = useCountInput(party, (next) => setParty(Math.max(1, Math.round(next) || 1)));
  const [name, setName] = useState('');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const atTable = bookingsOfTable(bookings, table.id);

  const seat = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setFailure(null);
    const outcome = await createStaffBooking({
      datetime: Math.floor(Date.now() / 1000),
      party,
      firstname: name.trim() || t('staff.plan.walkInDefaultName'),
      walk_in: true,
      zone_id: zone.id,
      table_id: table.id,
      lang,
    });
    setPending(false);
    if (outcome.ok) {
      onDone(t('staff.plan.seatedDone', { party, table: table.name }));
      onClose();
    } else setFailure(staffErrorText(t, outcome, 'create'));
  };

  return (
    <>
      <p className="staff-hint">{stateText}</p>
      {today ? (
        <form className="staff-form" onSubmit={(event) => void seat(event)} noValidate aria-label={t('staff.plan.walkIn')}>
          <h3 className="staff-plan-subtitle">{t('staff.plan.walkIn')}</h3>
          <div className="staff-form-row">
            <div className="au-field">
              <label className="au-label" htmlFor={ids.party}>
                {t('staff.plan.walkInParty')}
              </label>
              <input id={ids.party} className="staff-input" type="number" inputMode="numeric" min={1} max={100} {...partyInput} />
            </div>
            <div className="au-field">
              <label className="au-label" htmlFor={ids.name}>
                {t('staff.plan.walkInName')}
              </label>
              <input id={ids.name} className="staff-input" autoComplete="off" maxLength={100} value={name} onChange={(event) => setName(event.target.value)} />
            </div>
          </div>
          <DialogFooter failure={failure} pending={pending} submitLabel={t('staff.plan.seat')} onClose={onClose} />
        </form>
      ) : (
        <p className="staff-hint">{t('staff.plan.todayOnly')}</p>
      )}
      <h3 className="staff-plan-subtitle">{t('staff.plan.bookings')}</h3>
      {atTable.length === 0 ? <p className="staff-empty">{t('staff.plan.noBookings')}</p> : null}
      <ul className="staff-more-list">
        {atTable.map((booking) => (
          <li key={booking.token}>
            <button type="button" className="cv-btn cv-btn-secondary staff-wide" onClick={() => onOpen(booking)}>
              {t('staff.plan.bookingLine', {
                time: hour(booking.time),
                name: bidiIsolate(`${booking.diner.firstname} ${booking.diner.lastname}`.trim() || t('staff.noName')),
                party: booking.party,
                state: t(`staff.kind.${bookingKind(booking)}`),
              })}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
