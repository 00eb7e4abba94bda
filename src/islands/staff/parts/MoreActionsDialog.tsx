/** The other actions of a booking, as a list of buttons in a dialog (reachable by keyboard and large enough to tap). */
import { useId } from 'react';
import { bidiIsolate } from '../../../lib/text/bidi-isolate.ts';
import { displayDinerPhone } from '../../../shared/phone-display.ts';
import { telHref } from '../../../shared/tel-href.ts';
import type { StaffBookingRow } from '../../../shared/api/staff.ts';
import { openStaffDialog } from '../../../stores/staff-dialog.ts';
import Modal from '../../shared/Modal.tsx';
import { useTranslation } from '../../shared/use-translation.ts';
import BookingRemark from './BookingRemark.tsx';
import { useBookHour } from './use-book-hour.ts';
import type { DialogAction } from './ActionDialog.tsx';
import { actionLabel } from './BookingCard.tsx';

/** The booking and the actions to list. */
export interface MoreActionsDialogProps {
  booking: StaffBookingRow | null;
  actions: DialogAction[];
  onPick: (booking: StaffBookingRow, action: DialogAction) => void;
  onClose: () => void;
  /** Show the booking's phone, comment and note too (the compact list's line has no room for them). */
  details?: { merchantPhone: string | null } | null;
}

/** The list of other actions; nothing while closed. */
export default function MoreActionsDialog({ booking, actions, onPick, onClose, details }: MoreActionsDialogProps) {
  const { t } = useTranslation();
  const hour = useBookHour();
  const titleId = useId();
  if (!booking) return null;
  const name = `${booking.diner.firstname} ${booking.diner.lastname}`.trim() || t('staff.noName');
  return (
    <Modal open onClose={onClose} labelledBy={titleId} variant="sheet" className="staff-dialog">
      <h2 id={titleId}>{t('staff.dialog.more', { name: bidiIsolate(name), time: hour(booking.time) })}</h2>
      <button type="button" className="modal-close" aria-label={t('common.close')} onClick={onClose}>
        <span aria-hidden="true">×</span>
      </button>
      {details ? (
        <div className="staff-more-details">
          {booking.diner.phone ? (
            <p>
              <a className="staff-phone" href={telHref(booking.diner.phone)}>
                {displayDinerPhone(booking.diner.phone, details.merchantPhone)}
              </a>
            </p>
          ) : null}
          <BookingRemark kind="comment" text={booking.comment} />
          <BookingRemark kind="note" text={booking.note} />
        </div>
      ) : null}
      <ul className="staff-more-list">
        {actions.map((action) => (
          <li key={action}>
            <button type="button" className="cv-btn cv-btn-secondary staff-wide" onClick={() => onPick(booking, action)}>
              {actionLabel(t, booking, action)}
            </button>
          </li>
        ))}
        <li>
          <button type="button" className="cv-btn cv-btn-secondary staff-wide" onClick={() => openStaffDialog({ kind: 'guest', booking })}>
            {t('staff.guest.open')}
          </button>
        </li>
      </ul>
    </Modal>
  );
}
