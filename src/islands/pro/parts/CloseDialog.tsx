/** Closing the day shown to online booking: the whole day, one service or a time range, with a private note; warns of bookings already inside. */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { longDate } from '../../../lib/long-date.ts';
import { serviceMeal } from '../../../lib/pro/book-view.ts';
import { closeRequest, openServices, sortClosings, type CloseChoice } from '../../../lib/pro/closing-view.ts';
import { localTimeOfMinutes } from '../../../shared/local-time.ts';
import { $proBook, closeOnline } from '../../../stores/pro-book.ts';
import Modal from '../../shared/Modal.tsx';
import { useTranslation } from '../../shared/use-translation.ts';
import { proErrorText } from './pro-error-text.ts';
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
  const book = useStore($proBook);
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
    return found ? t(`pro.service.${serviceMeal(found)}`, { start: hour(found.start), end: hour(found.end) }) : id;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const choice: CloseChoice = kind === 'day' ? { kind } : kind === 'shift' ? { kind, serviceId: service } : { kind, from, until };
    const request = closeRequest(day, timezone, choice, note);
    if ('invalid' in request) return setFailure(t(request.invalid === 'range' ? 'pro.closing.badRange' : 'pro.closing.pickService'));
    setPending(true);
    setFailure(null);
    const outcome = await closeOnline(request);
    setPending(false);
    if (!outcome.ok) return setFailure(proErrorText(t, outcome, 'close'));
    onDone(t('pro.closing.done'));
    // Bookings already inside are kept: say how many before the dialog goes, so staff can decide what to do with them.
    if (outcome.affected && outcome.affected > 0) setAffected(outcome.affected);
    else onClose();
  };

  const kinds: Kind[] = [...(dayClosed ? [] : (['day'] as const)), ...(services.length > 0 ? (['shift'] as const) : []), 'range'];

  return (
    <Modal open={open} onClose={onClose} labelledBy={titleId} describedBy={describeId} variant="sheet" className="pro-dialog">
      <h2 id={titleId}>{t('pro.closing.title')}</h2>
      <button type="button" className="modal-close" aria-label={t('common.close')} onClick={onClose}>
        <span aria-hidden="true">×</span>
      </button>
      {affected !== null ? (
        <div className="pro-form">
          <div ref={warning} className="pro-warning" role="alert" tabIndex={-1}>
            <p>
              <strong>{t('pro.closing.done')}</strong>
            </p>
            <p>{t('pro.closing.affected', { count: affected })}</p>
          </div>
          <div className="modal-actions">
            <button type="button" className="cv-btn cv-btn-primary" onClick={onClose}>
              {t('pro.closing.understood')}
            </button>
          </div>
        </div>
      ) : (
        <form className="pro-form" onSubmit={(event) => void submit(event)} noValidate>
          <p id={describeId} className="pro-dialog-summary">
            {longDate(day, lang)}
          </p>
          <p className="pro-hint">{t('pro.closing.explain')}</p>
          <fieldset className="pro-choice">
            <legend className="pro-label">{t('pro.closing.what')}</legend>
            {kinds.map((option) => (
              <label key={option} className="pro-radio">
                <input type="radio" name="closing-kind" value={option} checked={kind === option} onChange={() => setKind(option)} />
                {t(`pro.closing.kind.${option}`)}
              </label>
            ))}
          </fieldset>
          {kind === 'shift' ? (
            <>
              <label className="pro-label" htmlFor={serviceId}>
                {t('pro.closing.service')}
              </label>
              <select id={serviceId} className="pro-input" value={service} onChange={(event) => setService(event.target.value)}>
                {services.map((option) => (
                  <option key={option.id} value={option.id}>
                    {serviceName(option.id)}
                  </option>
                ))}
              </select>
            </>
          ) : null}
          {kind === 'range' ? (
            <div className="pro-range-fields">
              <div>
                <label className="pro-label" htmlFor={fromId}>
                  {t('pro.closing.from')}
                </label>
                <select id={fromId} className="pro-input" value={from} onChange={(event) => setFrom(event.target.value)}>
                  <option value="">{t('pro.closing.pickTime')}</option>
                  {QUARTERS.map((time) => (
                    <option key={time} value={time}>
                      {hour(time)}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label className="pro-label" htmlFor={untilId}>
                  {t('pro.closing.until')}
                </label>
                <select id={untilId} className="pro-input" value={until} onChange={(event) => setUntil(event.target.value)}>
                  <option value="">{t('pro.closing.pickTime')}</option>
                  {QUARTERS.filter((time) => !from || time > from).map((time) => (
                    <option key={time} value={time}>
                      {hour(time)}
                    </option>
                  ))}
                </select>
              </div>
            </div>
          ) : null}
          <label className="pro-label" htmlFor={noteId}>
            {t('pro.closing.note')}
          </label>
          <input id={noteId} className="pro-input" type="text" maxLength={200} value={note} onChange={(event) => setNote(event.target.value)} />
          <DialogFooter failure={failure} pending={pending} submitLabel={t('pro.closing.submit')} danger onClose={onClose} />
        </form>
      )}
    </Modal>
  );
}
