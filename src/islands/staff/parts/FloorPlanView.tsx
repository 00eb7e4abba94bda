/**
 * The book's plan view: each zone's floor plan live (the day's bookings, read again at each live event), each table a
 * button saying its state (free, booked next at, seated since, late; joined with other tables); a tap opens the
 * table's dialog (its bookings, a walk-in seated in one more tap). Tables not yet placed wait in a row below the plan.
 */
import { useState } from 'react';
import { planPlace, tableSize } from '../../../lib/floor/plan-geometry.ts';
import { tableState, type TableState } from '../../../lib/staff/plan-state.ts';
import type { StaffBookingRow, StaffZone } from '../../../shared/api/staff.ts';
import { useTranslation, type Translate } from '../../shared/use-translation.ts';
import PlanTableDialog from './PlanTableDialog.tsx';
import { useBookHour } from './use-book-hour.ts';
import './staff-plan.css';

/** What the plan draws. */
export interface FloorPlanViewProps {
  zones: readonly StaffZone[];
  bookings: readonly StaffBookingRow[];
  timezone: string;
  nowMs: number;
  today: boolean;
  onOpen: (booking: StaffBookingRow) => void;
  announce: (text: string) => void;
}

type Table = StaffZone['tables'][number];

/** The words of a table's state: "seated since 19:40, joined with T4". */
export function stateWords(t: Translate, state: TableState, hour: (time: string) => string): string {
  if (state.kind === 'free') return t('staff.plan.free');
  const words = t(`staff.plan.${state.kind}`, { time: hour(state.at) });
  return state.combinedWith.length > 0 ? `${words}, ${t('staff.plan.combined', { tables: state.combinedWith.join(' + ') })}` : words;
}

/** A table's button label: "T3, 4 seats, seated since 19:40". */
export function tableLabel(t: Translate, table: Table, words: string): string {
  const parts = [table.name, t('staff.plan.seats', { count: table.maxSeats }), words];
  if (!table.online) parts.push(t('staff.plan.staffOnly'));
  return parts.join(', ');
}

const LEGEND = ['free', 'next', 'seated', 'late'] as const;

/** The plans of the day. */
export default function FloorPlanView({ zones, bookings, timezone, nowMs, today, onOpen, announce }: FloorPlanViewProps) {
  const { t } = useTranslation();
  const hour = useBookHour();
  const [tapped, setTapped] = useState<{ zoneId: string; tableId: string } | null>(null);

  if (!zones.some((zone) => zone.tables.length > 0)) return <p className="staff-empty">{t('staff.timeline.noTables')}</p>;

  const stateOf = (table: Table) => tableState(bookings, table.id, nowMs, timezone);
  const tappedZone = tapped ? zones.find((zone) => zone.id === tapped.zoneId) : undefined;
  const tappedTable = tappedZone?.tables.find((table) => table.id === tapped?.tableId);
  const tappedState = tappedTable ? stateOf(tappedTable) : null;

  const tableButton = (zone: StaffZone, table: Table, placed: boolean) => {
    const state = stateOf(table);
    const words = stateWords(t, state, hour);
    const size = table.plan ? tableSize(table.plan.shape, table.maxSeats) : null;
    const style = placed && table.plan && size ? planPlace(table.plan, size) : undefined;
    const classes = ['pl-table', `pl-${state.kind}`, `pl-${table.plan?.shape ?? 'round'}`];
    if (state.kind !== 'free' && state.combinedWith.length > 0) classes.push('pl-combined');
    if (!table.online) classes.push('pl-offline');
    return (
      <button
        key={table.id}
        type="button"
        className={classes.join(' ')}
        style={style}
        aria-label={tableLabel(t, table, words)}
        aria-haspopup="dialog"
        onClick={() => setTapped({ zoneId: zone.id, tableId: table.id })}
      >
        <span className="pl-name" aria-hidden="true">
          {table.name}
        </span>
        {state.kind !== 'free' ? (
          <span className="pl-time" aria-hidden="true">
            {hour(state.at)}
          </span>
        ) : null}
      </button>
    );
  };

  return (
    <div className="pl-day">
      <p className="staff-hint">{t('staff.plan.hint')}</p>
      <ul className="pl-legend">
        {LEGEND.map((kind) => (
          <li key={kind}>
            <span className={`pl-swatch pl-${kind}`} aria-hidden="true" />
            {t(`staff.plan.legend.${kind}`)}
          </li>
        ))}
        <li>
          <span className="pl-swatch pl-free pl-offline" aria-hidden="true" />
          {t('staff.plan.legend.offline')}
        </li>
      </ul>
      {zones.map((zone) => {
        if (zone.tables.length === 0) return null;
        const placed = zone.tables.filter((table) => table.plan);
        const unplaced = zone.tables.filter((table) => !table.plan);
        const titleId = `plan-zone-${zone.id}`;
        return (
          <section key={zone.id} className="staff-service pl-zone" aria-labelledby={titleId}>
            <header className="staff-service-head">
              <h2 id={titleId}>{zone.name}</h2>
            </header>
            {placed.length > 0 ? (
              <div className="pl-plan" role="group" aria-label={t('staff.plan.zoneLabel', { name: zone.name })}>
                {placed.map((table) => tableButton(zone, table, true))}
              </div>
            ) : (
              <p className="staff-hint">{t('staff.plan.noPlan')}</p>
            )}
            {unplaced.length > 0 ? (
              <div className="pl-unplaced" role="group" aria-label={t('staff.plan.unplaced')}>
                <h3 className="staff-plan-subtitle">{t('staff.plan.unplaced')}</h3>
                <div className="pl-unplaced-row">{unplaced.map((table) => tableButton(zone, table, false))}</div>
              </div>
            ) : null}
          </section>
        );
      })}
      <PlanTableDialog
        target={tappedZone && tappedTable && tappedState ? { zone: tappedZone, table: tappedTable, state: tappedState } : null}
        bookings={bookings}
        today={today}
        stateText={tappedState ? stateWords(t, tappedState, hour) : ''}
        onOpen={(booking) => {
          setTapped(null);
          onOpen(booking);
        }}
        onClose={() => setTapped(null)}
        onDone={announce}
      />
    </div>
  );
}
