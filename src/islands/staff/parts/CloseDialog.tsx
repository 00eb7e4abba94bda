/** Closing the day shown to online booking: the whole day, one service or a time range, with a private note; warns of bookings already inside. */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormErrors } from '../../../lib/forms/auth-form-rules.ts';
import { longDate } from '../../../lib/text/long-date.ts';
import { serviceMeal } from '../../../lib/staff/book-view.ts';
import { closeRequest, openServices, sortClosings, type CloseChoice } from '../../../lib/staff/closing-view.ts';
import { localTimeOfMinutes, type LocalDate } from '../../../shared/local-time.ts';
import { $staffBook, closeOnline } from '../../../stores/staff-book.ts';
import Field from '../../shared/form/Field.tsx';
import { useFormSubmit } from '../../shared/form/use-form-submit.ts';
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

// The fields the form's own rules check, in screen order.
const FIELDS = ['service', 'from', 'until'] as const;

/** The closing dialog; nothing while closed (its form starts afresh at each opening). */
export default function CloseDialog({ open, onClose, onDone }: CloseDialogProps) {
  const { t, lang } = useTranslation();
  const book = useStore($staffBook);
  const titleId = useId();
  const describeId = useId();
  const [affected, setAffected] = useState<number | null>(null);
  const warning = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (affected !== null) warning.current?.focus();
  }, [affected]);
  // The count belongs to the closing just made: the next opening starts with the form.
  useEffect(() => {
    if (!open) setAffected(null);
  }, [open]);

  if (!open || !book.day || !book.timezone) return null;

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
        <>
          <p id={describeId} className="staff-dialog-summary">
            {longDate(book.day, lang)}
          </p>
          <CloseForm day={book.day} timezone={book.timezone} onClose={onClose} onDone={onDone} onAffected={setAffected} />
        </>
      )}
    </Modal>
  );
}

/** What to close, the note and the dialog's footer. */
function CloseForm({
  day,
  timezone,
  onClose,
  onDone,
  onAffected,
}: {
  day: LocalDate;
  timezone: string;
  onClose: () => void;
  onDone: (text: string) => void;
  /** Bookings already inside the closing: the dialog says how many instead of closing. */
  onAffected: (count: number) => void;
}) {
  const { t } = useTranslation();
  const hour = useBookHour();
  const book = useStore($staffBook);
  const ids = { service: useId(), from: useId(), until: useId(), note: useId() };
  const services = openServices(book.services, sortClosings(book.closings));
  const dayClosed = book.closings.some((closing) => closing.kind === 'day');
  // The day's services are read when it opens.
  const [kind, setKind] = useState<Kind>(services.length > 0 ? 'shift' : 'day');
  const [service, setService] = useState(services[0]?.id ?? '');
  const [from, setFrom] = useState('');
  const [until, setUntil] = useState('');
  const [note, setNote] = useState('');

  const serviceName = (id: string) => {
    const found = book.services.find((candidate) => candidate.id === id);
    return found ? t(`staff.service.${serviceMeal(found)}`, { start: hour(found.start), end: hour(found.end) }) : id;
  };

  const request = () => {
    const choice: CloseChoice = kind === 'day' ? { kind } : kind === 'shift' ? { kind, serviceId: service } : { kind, from, until };
    return closeRequest(day, timezone, choice, note);
  };

  const { form, submit, pending, errors, failure } = useFormSubmit({
    fields: FIELDS,
    ids,
    validate: (): FormErrors<(typeof FIELDS)[number]> => {
      const asked = request();
      if (!('invalid' in asked)) return {};
      return asked.invalid === 'range' ? { from: { key: 'staff.closing.badRange' }, until: {} } : { service: { key: 'staff.closing.pickService' } };
    },
    send: async () => {
      const asked = request();
      if ('invalid' in asked) return { ok: false, code: 'validation_error' };
      const outcome = await closeOnline(asked);
      if (!outcome.ok) return outcome;
      onDone(t('staff.closing.done'));
      // Bookings already inside are kept: say how many before the dialog goes, so staff can decide what to do with them.
      if (outcome.affected && outcome.affected > 0) onAffected(outcome.affected);
      else onClose();
      return { ok: true };
    },
    fieldErrors: () => ({}),
    failureText: (refused) => staffErrorText(t, refused, 'close'),
  });

  const kinds: Kind[] = [...(dayClosed ? [] : (['day'] as const)), ...(services.length > 0 ? (['shift'] as const) : []), 'range'];

  return (
    <form ref={form} className="staff-form" onSubmit={(event) => void submit(event)} noValidate>
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
        <Field id={ids.service} label={t('staff.closing.service')} error={errors.service} t={t}>
          {(control) => (
            <select {...control} className="staff-input" value={service} onChange={(event) => setService(event.target.value)}>
              {services.map((option) => (
                <option key={option.id} value={option.id}>
                  {serviceName(option.id)}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : null}
      {kind === 'range' ? (
        <div className="staff-range-fields">
          <Field id={ids.from} label={t('staff.closing.from')} error={errors.from} t={t}>
            {(control) => (
              <select {...control} className="staff-input" value={from} onChange={(event) => setFrom(event.target.value)}>
                <option value="">{t('staff.closing.pickTime')}</option>
                {QUARTERS.map((time) => (
                  <option key={time} value={time}>
                    {hour(time)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id={ids.until} label={t('staff.closing.until')} error={errors.until} t={t}>
            {(control) => (
              <select {...control} className="staff-input" value={until} onChange={(event) => setUntil(event.target.value)}>
                <option value="">{t('staff.closing.pickTime')}</option>
                {QUARTERS.filter((time) => !from || time > from).map((time) => (
                  <option key={time} value={time}>
                    {hour(time)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
      ) : null}
      <Field id={ids.note} label={t('staff.closing.note')} error={undefined} t={t}>
        {(control) => <input {...control} className="staff-input" type="text" maxLength={200} value={note} onChange={(event) => setNote(event.target.value)} />}
      </Field>
      <DialogFooter failure={failure} pending={pending} submitLabel={t('staff.closing.submit')} danger onClose={onClose} />
    </form>
  );
}
