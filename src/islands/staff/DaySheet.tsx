/**
 * The day sheet (/pro/{slug}/day-sheet?date=YYYY-MM-DD, one shell for every merchant): a day's expected bookings by
 * service as tables to print at A4 (time, name, party, table, zone, notes, allergies, tags), each service on its own
 * pages with its header repeated; read with the staff bearer as the book reads its day.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import { needMessages } from '../../i18n/i18n.ts';
import frStaff from '../../i18n/messages/fr/staff.json' with { type: 'json' };
import { daySheet, type SheetLine, type SheetSection } from '../../lib/staff/day-sheet.ts';
import { daySheetSlugOf, STAFF_HOME_PATH, staffBookPath, staffSignInPath } from '../../lib/staff/staff-routes.ts';
import { longDate } from '../../lib/text/long-date.ts';
import { $staffBook, loadDay, openBook } from '../../stores/staff-book.ts';
import { $staffSession, isStaff } from '../../stores/staff-session.ts';
import { useHydrated } from '../shared/use-hydrated.ts';
import { useTranslation } from '../shared/use-translation.ts';
import { useBookHour } from './parts/use-book-hour.ts';
import '../shared/buttons.css';
import './staff.css';
import './day-sheet.css';

await needMessages('staff', frStaff);

const dateInAddress = () => {
  const day = new URLSearchParams(globalThis.location?.search ?? '').get('date');
  return day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null;
};

const COLUMNS = ['time', 'name', 'party', 'table', 'zone', 'notes', 'allergies', 'tags'] as const;

/** The day sheet's island. */
export default function DaySheet() {
  const { t, lang } = useTranslation();
  const hydrated = useHydrated();
  const book = useStore($staffBook);
  const session = useStore($staffSession);
  const slug = hydrated ? daySheetSlugOf(globalThis.location.pathname) : null;
  const merchantName = session.merchants.find((merchant) => merchant.slug === slug)?.name ?? slug ?? '';

  useEffect(() => {
    if (!hydrated) return;
    if (!slug || !isStaff()) {
      globalThis.location.replace(slug ? staffSignInPath(`${globalThis.location.pathname}${globalThis.location.search}`) : STAFF_HOME_PATH);
      return;
    }
    const day = dateInAddress();
    openBook(slug, day);
    void loadDay(day);
  }, [hydrated, slug]);

  const sections = useMemo(() => daySheet(book.bookings, book.services, t('staff.noName')), [book.bookings, book.services, t]);
  const dayText = book.day ? longDate(book.day, lang) : '';

  useEffect(() => {
    if (hydrated && merchantName && dayText) document.title = `${t('staff.sheet.title')} · ${merchantName} · ${dayText}`;
  }, [hydrated, merchantName, dayText, t]);

  if (!hydrated) return <p className="staff-loading">…</p>;

  return (
    <div className="sheet">
      <header className="sheet-top">
        <div>
          <p className="staff-eyebrow">{t('staff.sheet.title')}</p>
          <h1 className="sheet-title">{t('staff.sheet.heading', { name: merchantName, day: dayText })}</h1>
        </div>
        <div className="sheet-tools">
          {slug ? (
            <a className="cv-btn cv-btn-secondary" href={`${staffBookPath(slug)}${book.day && book.day !== book.today ? `?day=${book.day}` : ''}`}>
              {t('staff.sheet.back')}
            </a>
          ) : null}
          <button type="button" className="cv-btn cv-btn-primary" onClick={() => globalThis.print()} disabled={book.status !== 'ready'}>
            {t('staff.sheet.print')}
          </button>
        </div>
      </header>
      {book.status === 'error' ? (
        <p className="staff-alert" role="alert">
          {t(book.error === 'merchant_not_found' ? 'staff.error.notYours' : 'staff.sheet.error')}
        </p>
      ) : book.status !== 'ready' ? (
        <p className="staff-empty" role="status">
          {t('staff.sheet.loading')}
        </p>
      ) : sections.length === 0 ? (
        <p className="staff-empty">{t('staff.sheet.empty')}</p>
      ) : (
        sections.map((section) => <SheetService key={section.service?.id ?? 'other'} section={section} heading={`${merchantName} · ${dayText}`} />)
      )}
    </div>
  );
}

/** One service: its title and totals, then its table, whose header repeats on every printed page. */
function SheetService({ section, heading }: { section: SheetSection; heading: string }) {
  const { t } = useTranslation();
  const hour = useBookHour();
  const title = section.service ? t('staff.sheet.service', { start: hour(section.service.start), end: hour(section.service.end) }) : t('staff.sheet.other');
  const totals = t('staff.sheet.totals', { count: section.lines.length, covers: section.covers });
  const titleId = `sheet-${section.service?.id ?? 'other'}`;
  return (
    <section className="sheet-service" aria-labelledby={titleId}>
      <h2 id={titleId} className="sheet-service-title">
        {title} <span className="sheet-totals">{totals}</span>
      </h2>
      <table className="sheet-table">
        <thead>
          {/* Printed at the top of each page the service runs onto (a table's head repeats); hidden on screen. */}
          <tr className="sheet-repeat">
            <td colSpan={COLUMNS.length}>
              {heading} · {title} · {totals}
            </td>
          </tr>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className={`sheet-col-${column}`}>
                {t(`staff.sheet.col.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {section.lines.map((line) => (
            <SheetRow key={line.token} line={line} />
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** One booking's line. */
function SheetRow({ line }: { line: SheetLine }) {
  const { t } = useTranslation();
  const hour = useBookHour();
  // A phone lays each line out as a card: every cell then says its column (day-sheet.css).
  const label = (column: (typeof COLUMNS)[number]) => ({ 'data-label': t('staff.sheet.cellLabel', { column: t(`staff.sheet.col.${column}`) }) });
  return (
    <tr className={line.allergens.length > 0 ? 'sheet-row-allergy' : undefined} data-token={line.token}>
      <td className="sheet-col-time" {...label('time')}>
        {hour(line.time)}
      </td>
      <th scope="row" className="sheet-col-name">
        {line.name}
        {line.pending ? <span className="sheet-flag">{t('staff.sheet.pending')}</span> : null}
        {line.arrived ? <span className="sheet-flag">{t('staff.sheet.arrived')}</span> : null}
      </th>
      <td className="sheet-col-party" {...label('party')}>
        {line.party}
      </td>
      <td className="sheet-col-table" {...label('table')}>
        {line.tables}
      </td>
      <td className="sheet-col-zone" {...label('zone')}>
        {line.zone}
      </td>
      <td className="sheet-col-notes" {...label('notes')}>
        {line.notes.map((note) => (
          <p key={note.kind}>{t(`staff.sheet.${note.kind}`, { text: note.text })}</p>
        ))}
      </td>
      <td className="sheet-col-allergies" {...label('allergies')}>
        {line.allergens.map((allergen) => t(`staff.guest.allergen.${allergen}`)).join(', ')}
      </td>
      <td className="sheet-col-tags" {...label('tags')}>
        {[line.vip ? t('staff.guest.vip') : '', line.regular ? t('staff.guest.regular') : ''].filter(Boolean).join(', ')}
      </td>
    </tr>
  );
}
