/**
 * Follows one pointer (mouse, pen or touch) from its press: moves under a few pixels are still a tap; past them it is a
 * drag, each move told (and its default, a touch's scroll, prevented); the release says whether it dragged. Listens on
 * the window, so a drag that leaves its element is still followed; answers the function that stops following.
 */

// A press that travels less than this is a tap, not a drag.
const DRAG_THRESHOLD_PX = 6;

/** What the follower tells of the pointer it follows. */
export interface DragHandlers {
  /** A move once the press became a drag. */
  onMove: (moved: PointerEvent) => void;
  /** The release: `dragged` false for a tap. */
  onRelease: (ended: PointerEvent, dragged: boolean) => void;
  /** The browser took the pointer away (a scroll, a system gesture). */
  onCancel: () => void;
}

/** Follows the pointer `pressed` until its release or cancel; answers a stop that removes every listener. */
export function followDrag(pressed: { pointerId: number; clientX: number; clientY: number }, handlers: DragHandlers): () => void {
  const { pointerId, clientX: startX, clientY: startY } = pressed;
  let dragging = false;
  const move = (moved: PointerEvent) => {
    if (moved.pointerId !== pointerId) return;
    if (!dragging && Math.hypot(moved.clientX - startX, moved.clientY - startY) < DRAG_THRESHOLD_PX) return;
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
  const stop = () => {
    globalThis.removeEventListener('pointermove', move);
    globalThis.removeEventListener('pointerup', up);
    globalThis.removeEventListener('pointercancel', cancel);
  };
  globalThis.addEventListener('pointermove', move, { passive: false });
  globalThis.addEventListener('pointerup', up);
  globalThis.addEventListener('pointercancel', cancel);
  return stop;
}
