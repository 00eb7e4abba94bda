/** The country dropdown's behaviour as pure rules (spec section 4): where it opens and what each key does. */

/** Space needed below the control for the list to open downwards. */
export const DROPDOWN_MIN_SPACE_BELOW = 200;

/** Opens below when more than 200 px are left under the control, otherwise above. */
export function dropdownPlacement(spaceBelow: number): 'below' | 'above' {
  return spaceBelow > DROPDOWN_MIN_SPACE_BELOW ? 'below' : 'above';
}

/** What a key does to the dropdown. */
export type DropdownAction =
  | { type: 'open'; move: 'selected' | 'first' | 'last' }
  | { type: 'move'; by: number }
  | { type: 'moveTo'; to: 'first' | 'last' }
  | { type: 'pick' }
  | { type: 'close'; refocus: boolean }
  | { type: 'find'; character: string }
  | { type: 'none' };

/** How many options PageUp and PageDown skip. */
export const PAGE_STEP = 10;

/**
 * The action of a key on the country control: Space, Enter and the arrow keys open it; once open the arrows
 * move, Enter and Space pick, Escape closes (focus stays), Tab closes (focus moves on); a printable character finds.
 */
export function dropdownKeyAction(key: string, open: boolean): DropdownAction {
  if (!open) {
    if (key === ' ' || key === 'Enter' || key === 'ArrowDown') return { type: 'open', move: 'selected' };
    if (key === 'ArrowUp') return { type: 'open', move: 'selected' };
    if (key === 'Home') return { type: 'open', move: 'first' };
    if (key === 'End') return { type: 'open', move: 'last' };
    return key.length === 1 && key !== ' ' ? { type: 'find', character: key } : { type: 'none' };
  }
  switch (key) {
    case 'ArrowDown':
      return { type: 'move', by: 1 };
    case 'ArrowUp':
      return { type: 'move', by: -1 };
    case 'PageDown':
      return { type: 'move', by: PAGE_STEP };
    case 'PageUp':
      return { type: 'move', by: -PAGE_STEP };
    case 'Home':
      return { type: 'moveTo', to: 'first' };
    case 'End':
      return { type: 'moveTo', to: 'last' };
    case 'Enter':
    case ' ':
      return { type: 'pick' };
    case 'Escape':
      return { type: 'close', refocus: true };
    case 'Tab':
      return { type: 'close', refocus: false };
    default:
      return key.length === 1 ? { type: 'find', character: key } : { type: 'none' };
  }
}

/** The active index after moving by `by` among `count` options (stops at the ends). */
export function movedIndex(current: number, by: number, count: number): number {
  if (count === 0) return -1;
  if (current < 0) return by >= 0 ? 0 : count - 1;
  return Math.min(count - 1, Math.max(0, current + by));
}
