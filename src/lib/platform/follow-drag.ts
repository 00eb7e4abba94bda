/**
 * Follows one pointer (mouse, pen or touch) from its press: moves under a few pixels are still a tap; past them it is a
 * drag, each move told (and its default, a touch's scroll, prevented); the release says whether it dragged. Listens on
 * the window, so a drag that leaves its element is still followed; answers the function that stops following.
 *
 * With `holdMs`, a finger or a pen must first rest that long on the element (it is then told `onArm`): one that moves
 * sooner is a scroll, left to the browser (the element lets it pan), and the following stops. So a swipe across a
 * timeline scrolls it, and only a deliberate touch and hold picks a booking up. Keeping an armed finger from scrolling
 * is the caller's (holdScrollWhile): the browser only lets a touch listener present at the touch's start prevent it.
 */

// A press that travels less than this is a tap, not a drag (nor, before a hold, a scroll).
const DRAG_THRESHOLD_PX = 6;

/** What the follower tells of the pointer it follows. */
export interface DragHandlers {
  /** A move once the press became a drag. */
  onMove: (moved: PointerEvent) => void;
  /** The release: `dragged` false for a tap. */
  onRelease: (ended: PointerEvent, dragged: boolean) => void;
  /** The browser took the pointer away (a scroll, a system gesture), or a finger moved before its hold: a scroll. */
  onCancel: () => void;
  /** A finger or pen held still for `holdMs`: it may now drag. */
  onArm?: () => void;
}

/** How a press becomes a drag. */
export interface DragOptions {
  /** For touch and pen: how long the press must rest before it may drag. */
  holdMs?: number;
}

/** Follows the pointer `pressed` until its release or cancel; answers a stop that removes every listener. */
export function followDrag(
  pressed: { pointerId: number; pointerType?: string; clientX: number; clientY: number; timeStamp?: number },
  handlers: DragHandlers,
  { holdMs }: DragOptions = {},
): () => void {
  const { pointerId, clientX: startX, clientY: startY } = pressed;
  const mustHold = holdMs !== undefined && pressed.pointerType !== undefined && pressed.pointerType !== 'mouse';
  let armed = !mustHold;
  let dragging = false;
  const travelled = (event: PointerEvent) => Math.hypot(event.clientX - startX, event.clientY - startY) >= DRAG_THRESHOLD_PX;
  // Told by the moves' own times, not by the timer alone: on a busy page the timer may run late, after a swipe's moves.
  const beforeHold = (event: PointerEvent) => mustHold && pressed.timeStamp !== undefined && event.timeStamp - pressed.timeStamp < holdMs;
  const move = (moved: PointerEvent) => {
    if (moved.pointerId !== pointerId) return;
    if (!armed || (!dragging && beforeHold(moved))) {
      if (!travelled(moved)) return;
      // Moved before the hold: the finger scrolls.
      stop();
      handlers.onCancel();
      return;
    }
    if (!dragging && !travelled(moved)) return;
    dragging = true;
    moved.preventDefault();
    handlers.onMove(moved);
  };
  const up = (ended: PointerEvent) => {
    if (ended.pointerId !== pointerId) return;
    stop();
    handlers.onRelease(ended, dragging);
  };
  const cancel = (cancelled: PointerEvent) => {
    if (cancelled.pointerId !== pointerId) return;
    stop();
    handlers.onCancel();
  };
  // A long press opens no context menu on the element being held.
  const noMenu = (event: Event) => event.preventDefault();
  const timer = mustHold
    ? setTimeout(() => {
        armed = true;
        globalThis.addEventListener('contextmenu', noMenu);
        handlers.onArm?.();
      }, holdMs)
    : undefined;
  const stop = () => {
    clearTimeout(timer);
    globalThis.removeEventListener('pointermove', move);
    globalThis.removeEventListener('pointerup', up);
    globalThis.removeEventListener('pointercancel', cancel);
    globalThis.removeEventListener('contextmenu', noMenu);
  };
  globalThis.addEventListener('pointermove', move, { passive: false });
  globalThis.addEventListener('pointerup', up);
  globalThis.addEventListener('pointercancel', cancel);
  return stop;
}

/**
 * Keeps a finger on `element` from scrolling while `holding()` says a drag holds it: a touch listener that is there
 * before any touch starts (one added later cannot cancel that touch's moves). Answers the function that removes it.
 */
export function holdScrollWhile(element: HTMLElement, holding: () => boolean): () => void {
  const hold = (touched: TouchEvent) => {
    if (touched.cancelable && holding()) touched.preventDefault();
  };
  element.addEventListener('touchmove', hold, { passive: false });
  return () => element.removeEventListener('touchmove', hold);
}
