/**
 * A booking's life cycle, read by the server and the browser alike: its states (src/shared/booking-states.ts, the
 * stored status codes, the states derived from staff's marks and the predicates both sides ask), and one table of
 * every action with who may do it, from which states, when, and the state it leads to. Pure: no HTTP, no database.
 */
import type { BookingStatusCode } from './booking-status.ts';
import { lifeStateOf, statusOfState, type LifeState, type StoredState } from './booking-states.ts';
import { serviceWindow } from './service-window.ts';
import type { LocalDate } from './local-time.ts';

export { BookingStatus, type BookingStatusCode, type CancelReason } from './booking-status.ts';
export * from './booking-states.ts';
export { serviceWindow, ARRIVAL_LEAD_MINUTES, AFTER_END_MINUTES } from './service-window.ts';

/** Who acts on a booking: its diner, the restaurant's staff, or the system (the server itself, the provider's admin API). */
export type Actor = 'diner' | 'staff' | 'system';

/** Every action on a booking. */
export type LifeAction =
  | 'validate'
  | 'diner_change'
  | 'confirm'
  | 'refuse'
  | 'client_cancel'
  | 'restaurant_cancel'
  | 'move'
  | 'arrive'
  | 'no_show'
  | 'finish'
  | 'undo'
  | 'close_unanswered'
  | 'expire';

/**
 * When an action may happen, by the clock: any time; before the booking's time (for a live booking only, or always);
 * in its service window (from an hour before it to the end of its service; or from its very time); once its time has
 * come.
 */
export type ActionTime = 'any' | 'before_start_if_live' | 'before_start' | 'service_window' | 'service_from_start' | 'started';

/** One action of the table: who may do it from which states, when, and the state it leads to. */
export interface ActionRule {
  /** The states each actor may do it from. */
  by: Partial<Record<Actor, readonly LifeState[]>>;
  when: ActionTime;
  /** The next state; undefined when this booking, though in an allowed state, has nothing the action applies to. */
  to: (from: LifeState, context: TransitionContext) => LifeState | undefined;
}

/** What beyond the state bears on an action's next state. */
export interface TransitionContext {
  /** Whether the merchant confirms bookings by itself. */
  autoConfirm: boolean;
  /** Whether staff had marked the diner arrived before a finish (an undo of the finish goes back to arrived). */
  arrived?: boolean;
}

const FIRM: readonly LifeState[] = ['pending', 'confirmed'];

/** The table of every action. */
export const ACTIONS: Readonly<Record<LifeAction, ActionRule>> = {
  validate: { by: { diner: ['draft'] }, when: 'any', to: (_, { autoConfirm }) => (autoConfirm ? 'confirmed' : 'pending') },
  // A changed confirmed booking goes back to the restaurant unless it confirms by itself.
  diner_change: {
    by: { diner: ['draft', ...FIRM] },
    when: 'before_start_if_live',
    to: (from, { autoConfirm }) => (from === 'confirmed' && !autoConfirm ? 'pending' : from),
  },
  confirm: { by: { staff: ['pending'] }, when: 'before_start', to: () => 'confirmed' },
  refuse: { by: { staff: ['pending'] }, when: 'any', to: () => 'refused' },
  client_cancel: { by: { diner: ['draft', ...FIRM] }, when: 'before_start_if_live', to: () => 'cancelled' },
  restaurant_cancel: { by: { staff: [...FIRM, 'arrived'] }, when: 'any', to: () => 'refused' },
  move: { by: { staff: [...FIRM, 'arrived'] }, when: 'any', to: (from) => from },
  arrive: { by: { staff: ['confirmed'] }, when: 'service_window', to: () => 'arrived' },
  no_show: { by: { staff: FIRM }, when: 'service_from_start', to: () => 'no_show' },
  // Staff finish a seated diner's booking; the system (the sweep once it is past, the provider's admin API) a confirmed one.
  finish: { by: { staff: ['arrived'], system: ['confirmed', 'arrived'] }, when: 'any', to: () => 'finished' },
  // An arrival or a no-show goes back to confirmed; a finish after an arrival back to arrived (a swept finish has no undo).
  undo: {
    by: { staff: ['arrived', 'no_show', 'finished'] },
    when: 'service_window',
    to: (from, { arrived }) => (from === 'finished' ? (arrived ? 'arrived' : undefined) : 'confirmed'),
  },
  close_unanswered: { by: { system: ['pending'] }, when: 'started', to: () => 'refused' },
  // A draft's hold lapses: it stays a draft that holds no table.
  expire: { by: { system: ['draft'] }, when: 'any', to: () => 'draft' },
};

/** Every action, in the table's order. */
export const LIFE_ACTIONS = Object.keys(ACTIONS) as LifeAction[];

/** How far along the life cycle a state is: an action from an earlier state is not yet possible, from a later one done. */
const STAGE: Record<LifeState, number> = { draft: 0, pending: 1, confirmed: 2, arrived: 3, no_show: 4, finished: 4, refused: 5, cancelled: 5 };

/** Why an action is refused: the error codes of the API's catalogue it answers with. */
export type RefusalCode = 'canceled' | 'already_done' | 'invalid_transition' | 'booking_time_passed' | 'outside_service_window';

/** The outcome of an action: the next state, or the refusal's error code with its details. */
export type Transition = { ok: true; to: LifeState } | { ok: false; code: RefusalCode; details: Record<string, unknown>; message: string };

/** A booking as the table reads it: its state, and its times when the action depends on the clock. */
export interface Timed {
  startsAt: Date;
  endsAt: Date;
  localDate: LocalDate;
}

/**
 * What an action by `actor` does to a booking in state `from` at `now` (timezone: the merchant's, for the service
 * window): the next state, or 'canceled' (refused or cancelled), 'already_done' (past the states it applies to),
 * 'invalid_transition' (before them, or nothing to act on), 'booking_time_passed' or 'outside_service_window'.
 */
export function transition(
  action: LifeAction,
  actor: Actor,
  from: LifeState,
  booking: Timed,
  now: Date,
  timezone: string,
  context: TransitionContext,
): Transition {
  const refusal = stateRefusal(action, actor, from);
  if (refusal) return refusal;
  const to = ACTIONS[action].to(from, context);
  if (to === undefined) return refused('invalid_transition', action, from, `Nothing to ${action} on this booking`);
  return timeRefusal(action, from, booking, now, timezone) ?? { ok: true, to };
}

/** Whether `actor` may do `action` from state `from`, the clock aside (a comment asks the diner's change so). */
export function stateRefusal(action: LifeAction, actor: Actor, from: LifeState): Extract<Transition, { ok: false }> | undefined {
  const states = ACTIONS[action].by[actor] ?? [];
  if (states.includes(from)) return undefined;
  if (from === 'refused' || from === 'cancelled') return refused('canceled', action, from, `Booking is cancelled; cannot ${action}`);
  const last = Math.max(-1, ...states.map((state) => STAGE[state]));
  if (states.length > 0 && STAGE[from] > last) return refused('already_done', action, from, `Cannot ${action} a booking that is ${from}`);
  return refused('invalid_transition', action, from, `Cannot ${action} a booking that is ${from}`);
}

function refused(code: RefusalCode, action: LifeAction, from: LifeState, message: string): Extract<Transition, { ok: false }> {
  return { ok: false, code, details: { status: statusOfState(from), action }, message };
}

/** Whether the clock allows the action (see ActionTime). */
function timeRefusal(action: LifeAction, from: LifeState, booking: Timed, now: Date, timezone: string): Transition | undefined {
  const when = ACTIONS[action].when;
  const begun = booking.startsAt.getTime() <= now.getTime();
  if (when === 'before_start' || (when === 'before_start_if_live' && FIRM.includes(from))) {
    if (begun) return { ok: false, code: 'booking_time_passed', details: { action }, message: `The booking's time has come; cannot ${action}` };
  }
  if (when === 'started' && !begun) return { ok: false, code: 'invalid_transition', details: { action }, message: `The booking's time has not come` };
  if (when === 'service_window' || when === 'service_from_start') {
    const window = serviceWindow(booking, timezone);
    const opens = when === 'service_window' ? window.opens : booking.startsAt;
    if (now.getTime() < opens.getTime() || now.getTime() >= window.closes.getTime()) {
      return {
        ok: false,
        code: 'outside_service_window',
        details: { action, opens_at: opens.toISOString(), closes_at: window.closes.toISOString() },
        message: `Only between ${opens.toISOString()} and ${window.closes.toISOString()} can staff ${action} this booking`,
      };
    }
  }
  return undefined;
}

/** Whether staff may do `action` on a booking now (the staff book's buttons ask this). */
export function staffMayNow(action: LifeAction, booking: StoredState & Timed, now: Date, timezone: string): boolean {
  return transition(action, 'staff', lifeStateOf(booking), booking, now, timezone, { autoConfirm: false, arrived: Boolean(booking.arrived) }).ok;
}

/** The stored statuses of the states `actor` may do `action` from (a set-based write in SQL selects its rows by them). */
export function statusesFrom(action: LifeAction, actor: Actor): BookingStatusCode[] {
  const statuses = (ACTIONS[action].by[actor] ?? []).map(statusOfState).filter((status) => status !== null);
  return [...new Set(statuses)];
}
