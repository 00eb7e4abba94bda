/** $staffView: how the staff book shows its day (cards, the compact list, the timeline, the floor plan), remembered on this browser. */
import { atom } from 'nanostores';
import { getStaffViewName, setStaffViewName } from '../lib/staff/staff-storage.ts';

/** The book's views, in the switch's order (a new view is one more name here, its label and its part in StaffBook). */
export const STAFF_VIEWS = ['cards', 'compact', 'timeline', 'plan'] as const;

/** One of STAFF_VIEWS. */
export type StaffView = (typeof STAFF_VIEWS)[number];

/** Whether a stored name is a view this book has. */
export function isStaffView(name: string | null): name is StaffView {
  return (STAFF_VIEWS as readonly (string | null)[]).includes(name);
}

const stored = getStaffViewName();

/** The view shown. */
export const $staffView = atom<StaffView>(isStaffView(stored) ? stored : 'cards');

/** Shows another view; the choice is kept for the next visit. */
export function setStaffView(view: StaffView): void {
  $staffView.set(view);
  setStaffViewName(view);
}
