/** The server's side of the life-cycle table (src/shared/booking-life-cycle.ts): its refusals as typed errors, its states as columns. */
import {
  holdsTable,
  lifeStateOf,
  statusOfState,
  transition,
  type Actor,
  type BookingStatusCode,
  type LifeAction,
  type LifeState,
  type TransitionContext,
} from '../../shared/booking-life-cycle.ts';
import { DomainError } from './errors.ts';

/** A booking row as the life cycle reads it. */
export interface LifeRow {
  status: number | null;
  startsAt: Date;
  endsAt: Date;
  localDate: string;
  arrivedAt: Date | null;
  noShowAt: Date | null;
  holdsTable: boolean;
}

/** The state of a stored booking. */
export function stateOfRow(row: Pick<LifeRow, 'status' | 'arrivedAt' | 'noShowAt'>): LifeState {
  return lifeStateOf({ status: row.status, arrived: row.arrivedAt !== null, noShow: row.noShowAt !== null });
}

/** The state `action` by `actor` leads the booking to at `now`; throws the table's error code when it may not. */
export function nextState(
  action: LifeAction,
  actor: Actor,
  row: LifeRow,
  now: Date,
  timezone: string,
  context: Pick<TransitionContext, 'autoConfirm'>,
): LifeState {
  const outcome = transition(action, actor, stateOfRow(row), row, now, timezone, { ...context, arrived: row.arrivedAt !== null });
  if (!outcome.ok) throw new DomainError(outcome.code, outcome.details, outcome.message);
  return outcome.to;
}

/** The columns a transition writes: the status, staff's marks, and whether the booking still holds its table. */
export interface StateValues {
  status: BookingStatusCode | null;
  arrivedAt?: Date | null;
  noShowAt?: Date | null;
  holdsTable?: boolean;
  holdExpiresAt?: Date | null;
}

/** What moving a booking from `from` to `to` by `action` writes at `now`. */
export function stateValues(action: LifeAction, from: LifeState, to: LifeState, row: Pick<LifeRow, 'holdsTable'>, now: Date): StateValues {
  const status = statusOfState(to);
  const values: StateValues = { status };
  // Only a draft's hold lapses by the clock; a firm booking holds its table as long as its status says so.
  if (status !== null) values.holdExpiresAt = null;
  if (!holdsTable(status)) values.holdsTable = false;
  else if (status !== null) values.holdsTable = row.holdsTable;
  if (action === 'arrive') values.arrivedAt = now;
  if (action === 'no_show') values.noShowAt = now;
  if (action === 'undo') {
    // An undone no-show or finish takes its table again.
    values.noShowAt = null;
    values.holdsTable = true;
    if (to === 'confirmed') values.arrivedAt = null;
  }
  if (from === to) delete values.holdsTable;
  return values;
}
