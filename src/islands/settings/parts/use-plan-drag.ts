/**
 * Dragging tables onto and across a zone's plan by pointer (mouse, pen or touch): from the tray or from the plan, the
 * table follows the pointer and lands where it is released over the plan (its centre in percent of the plan). A press
 * that barely moves is a tap, told on its release (a finger's tap after a drag does not always get its click); the
 * click that follows a release already handled is swallowed, a click with no press before (keyboard) is a tap.
 */
import { useCallback, useEffect, useRef, useState, type MouseEvent, type PointerEvent, type RefObject } from 'react';
import { followDrag } from '../../../lib/platform/follow-drag.ts';
import { isOverPlan, pointerToPercent } from '../../../lib/floor/plan-geometry.ts';

/** A drag under way: the table, where the pointer is (client px), and where the table would land (null: off the plan). */
export interface PlanDrag {
  name: string;
  clientX: number;
  clientY: number;
  at: { x: number; y: number } | null;
  from: 'tray' | 'plan';
}

// A click this soon after a release the hook handled belongs to that release.
const CLICK_AFTER_RELEASE_MS = 800;

/**
 * The drag's preview and the handlers each table's button takes: `drop` places the table where it was released, `tap`
 * is told of a press released without a drag (or a click from the keyboard).
 */
export function usePlanDrag(plan: RefObject<HTMLElement | null>, drop: (name: string, at: { x: number; y: number }) => void, tap: (name: string) => void) {
  const [drag, setDrag] = useState<PlanDrag | null>(null);
  const handledAt = useRef(0);
  const stopDrag = useRef<() => void>(() => {});
  useEffect(() => () => stopDrag.current(), []);

  const onPointerDown = useCallback(
    (event: PointerEvent<HTMLElement>, name: string, from: 'tray' | 'plan') => {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      stopDrag.current();
      // Where in the table it was grabbed, so a placed table does not jump to centre on the pointer.
      const box = event.currentTarget.getBoundingClientRect();
      const grab = from === 'plan' ? { dx: event.clientX - (box.left + box.width / 2), dy: event.clientY - (box.top + box.height / 2) } : { dx: 0, dy: 0 };
      const landing = (clientX: number, clientY: number) => {
        const area = plan.current?.getBoundingClientRect();
        if (!area || !isOverPlan(clientX, clientY, area)) return null;
        return pointerToPercent(clientX - grab.dx, clientY - grab.dy, area);
      };
      stopDrag.current = followDrag(event, {
        onMove: (moved) => setDrag({ name, clientX: moved.clientX, clientY: moved.clientY, at: landing(moved.clientX, moved.clientY), from }),
        onRelease: (ended, dragged) => {
          stopDrag.current = () => {};
          handledAt.current = Date.now();
          if (!dragged) {
            tap(name);
            return;
          }
          const at = landing(ended.clientX, ended.clientY);
          setDrag(null);
          if (at) drop(name, at);
        },
        onCancel: () => {
          stopDrag.current = () => {};
          setDrag(null);
        },
      });
    },
    [plan, drop, tap],
  );

  /** A click on a table: a tap of its own only when no press was just handled (a keyboard's Enter or Space). */
  const onClick = useCallback(
    (event: MouseEvent<HTMLElement>, name: string) => {
      if (Date.now() - handledAt.current < CLICK_AFTER_RELEASE_MS) {
        event.preventDefault();
        return;
      }
      tap(name);
    },
    [tap],
  );

  return { drag, onPointerDown, onClick };
}
