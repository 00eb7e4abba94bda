/** Closing the day shown to online booking: the whole day, one service or a time range, with a private note; warns of bookings already inside. */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { longDate } from '../../../lib/text/long-date.ts';
import { serviceMeal } from '../../../lib/staff/book-view.ts';
import { closeRequest, openServices, sortClosings, type CloseChoice } from '../../../lib/staff/closing-view.ts';
import { localTimeOfMinutes } from '../../../shared/local-time.ts';
import { $staffBook, closeOnline } from '../../../stores/staff-book.ts';
import Modal from '../../shared/Modal.tsx';
import { useTranslation } from '../../shared/use-translation.ts';
import { staffErrorText } from './staff-error-text.ts';
import { useBookHour } from './use-book-hour.ts';
import DialogFooter from './DialogFooter.tsx';

/** Whether the dialog is open. */
export interface CloseDialogProps {
  open: boolean;
  onClose: () => void;
  onDone: (text: string) => void;
}

type Kind = CloseChoice['kind'];

// The range's ends, every quarter of an hour: a select writes them on the merchant's clock (a native time field follows the browser's).
const QUARTERS = Array.from({ length: 96 }, (_, index) => localTimeOfMinutes(index * 15));

/** The closing dialog; nothing while closed. */
export default function CloseDialog({ open, onClose, onDone }: CloseDialogProps) {
  const { t, lang } = useTranslation();
  const hour = useBookHour();
  const book = useStore($staffBook);
  const titleId = useId();
  const describeId = useId();
  const serviceId = useId();
  const fromId = useId();
  const untilId = useId();
  const noteId = useId();
  const [kind, setKind] = useState<Kind>('shift');
  const [service, setService] = useState('');
  const [from, setFrom] = useState('');
  const [until, setUntil] = useState('');
  const [note, setNote] = useState('');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [affected, setAffected] = useState<number | null>(null);
  const warning = useRef<HTMLDivElement>(null);
  const services = openServices(book.services, sortClosings(book.closings));
  const dayClosed = book.closings.some((closing) => closing.kind === 'day');

  useEffect(() => {
    if (!open) return;
    setKind(services.length > 0 ? 'shift' : 'day');
    setService(services[0]?.id ?? '');
    setFrom('');
    setUntil('');
    setNote('');
    setFailure(null);
    setAffected(null);
    // Opened afresh only: the day's services are read when it opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  useEffect(() => {
    if (affected !== null) warning.current?.focus();
  }, [affected]);

  if (!open || !book.day || !book.timezone) return null;
  const day = book.day;
  const timezone = book.timezone;

  const serviceName = (id: string) => {
    const found = book.services.find((candidate) => candidate.id === id);
    return found ? t(`staff.service.${serviceMeal(found)}`, { start: hour(found.start), end: hour(found.end) }) : id;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const choice: CloseChoice = kind === 'day' ? { kind } : kind === 'shift' ? { kind, serviceId: service } : { kind, from, until };
    const request = closeRequest(day, timezone, choice, note);
    if ('invalid' in request) return setFailure(t(request.invalid === 'range' ? 'staff.closing.badRange' : 'staff.closing.pickService'));
    setPending(true);
    setFailure(null);
    const outcome = await closeOnline(request);
    setPending(false);
    if (!outcome.ok) return setFailure(staffErrorText(t, outcome, 'close'));
    onDone(t('staff.closing.done'));
    // Bookings already inside are kept: say how many before the dialog goes, so staff can decide what to do with them.
    if (outcome.affected && outcome.affected > 0) setAffected(outcome.affected);
    else onClose();
  };

  const kinds: Kind[] = [...(dayClosed ? [] : (['day'] as const)), ...(services.length > 0 ? (['shift'] as const) : []), 'range'];

  return (
    <Modal open={open} onClose={onClose} labelledBy={titleId} describedBy={describeId} variant="sheet" className="staff-dialog">
      <h2 id={titleId}>{t('staff.closing.title')}</h2>
      <button type="button" className="modal-close" aria-label={t('common.close')} onClick={onClose}>
        <span aria-hidden="true">×</span>
      </button>
      {affected !== null ? (
        <div className="staff-form">
          <div ref={warning} className="staff-warning" role="alert" tabIndex={-1}>
            <p>
              <strong>{t('staff.closing.done')}</strong>
            </p>
            <p>{t('staff.closing.affected', { count: affected })}</p>
          </div>
          <div className="modal-actions">
            <button type="button" className="cv-btn cv-btn-primary" onClick={onClose}>
              {t('staff.closing.understood')}
            </button>
          </div>
        </div>
      ) : (
        <form className="staff-form" onSubmit={(event) => void submit(event)} noValidate>
          <p id={describeId} className="staff-dialog-summary">
            {longDate(day, lang)}
          </p>
          <p className="staff-hint">{t('staff.closing.explain')}</p>
          <fieldset className="staff-choice">
            <legend className="staff-label">{t('staff.closing.what')}</legend>
            {kinds.map((option) => (
              <label key={option} className="staff-radio">
                <input type="radio" name="closing-kind" value={option} checked={kind === option} onChange={() => setKind(option)} />
                {t(`staff.closing.kind.${option}`)}
              </label>
            ))}
          </fieldset>
          {kind === 'shift' ? (
            <>
              <label className="staff-label" htmlFor={serviceId}>
                {t('staff.closing.service')}
              </label>
              <select id={serviceId} className="staff-input" value={service} onChange={(event) => setService(event.target.value)}>
                {services.map((option) => (
                  <option key={option.id} value={option.id}>
                    {serviceName(option.id)}
                  </option>
                ))}
              </select>
            </>
          ) : null}
          {kind === 'range' ? (
            <div className="staff-range-fields">
              <div>
                <label className="staff-label" htmlFor={fromId}>
                  {t('staff.closing.from')}
                </label>
                <select id={fromId} className="staff-input" value={from} onChange={(event) => setFrom(event.target.value)}>
                  <option value="">{t('staff.closing.pickTime')}</option>
                  {QUARTERS.map((time) => (
                    <option key={time} value={time}>
                      {hour(time)}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label className="staff-label" htmlFor={untilId}>
                  {t('staff.closing.until')}
                </label>
                <select id={untilId} className="staff-input" value={until} onChange={(event) => setUntil(event.target.value)}>
                  <option value="">{t('staff.closing.pickTime')}</option>
                  {QUARTERS.filter((time) => !from || time > from).map((time) => (
                    <option key={time} value={time}>
                      {hour(time)}
                    </option>
                  ))}
                </select>
              </div>
            </div>
          ) : null}
          <label className="staff-label" htmlFor={noteId}>
            {t('staff.closing.note')}
          </label>
          <input id={noteId} className="staff-input" type="text" maxLength={200} value={note} onChange={(event) => setNote(event.target.value)} />
          <DialogFooter failure={failure} pending={pending} submitLabel={t('staff.closing.submit')} danger onClose={onClose} />
        </form>
      )}
    </Modal>
  );
}
