/**
 * Dragging tables onto and across a zone's plan by pointer (mouse, pen or touch): from the tray or from the plan, the
 * table follows the pointer and lands where it is released over the plan (its centre in percent of the plan). A press
 * that barely moves is a tap (the click that follows selects the table); the click after a drag is swallowed.
 */
import { useCallback, useEffect, useRef, useState, type MouseEvent, type PointerEvent, type RefObject } from 'react';
import { isOverPlan, pointerToPercent } from '../../../lib/floor/plan-geometry.ts';

/** A drag under way: the table, where the pointer is (client px), and where the table would land (null: off the plan). */
export interface PlanDrag {
  name: string;
  clientX: number;
  clientY: number;
  at: { x: number; y: number } | null;
  from: 'tray' | 'plan';
}

// A press that travels less than this is a tap, not a drag.
const DRAG_THRESHOLD_PX = 6;

/** The drag's preview and the handlers each table's button takes; `drop` places the table where it was released. */
export function usePlanDrag(plan: RefObject<HTMLElement | null>, drop: (name: string, at: { x: number; y: number }) => void) {
  const [drag, setDrag] = useState<PlanDrag | null>(null);
  const suppressClick = useRef(false);
  const stopDrag = useRef<() => void>(() => {});
  useEffect(() => () => stopDrag.current(), []);

  const onPointerDown = useCallback(
    (event: PointerEvent<HTMLElement>, name: string, from: 'tray' | 'plan') => {
      suppressClick.current = false;
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      stopDrag.current();
      const { pointerId, clientX: startX, clientY: startY } = event;
      // Where in the table it was grabbed, so a placed table does not jump to centre on the pointer.
      const box = event.currentTarget.getBoundingClientRect();
      const grab = from === 'plan' ? { dx: startX - (box.left + box.width / 2), dy: startY - (box.top + box.height / 2) } : { dx: 0, dy: 0 };
      let dragging = false;
      const landing = (clientX: number, clientY: number) => {
        const area = plan.current?.getBoundingClientRect();
        if (!area || !isOverPlan(clientX, clientY, area)) return null;
        return pointerToPercent(clientX - grab.dx, clientY - grab.dy, area);
      };
      const move = (moved: globalThis.PointerEvent) => {
        if (moved.pointerId !== pointerId) return;
        if (!dragging && Math.hypot(moved.clientX - startX, moved.clientY - startY) < DRAG_THRESHOLD_PX) return;
        dragging = true;
        moved.preventDefault();
        setDrag({ name, clientX: moved.clientX, clientY: moved.clientY, at: landing(moved.clientX, moved.clientY), from });
      };
      const up = (ended: globalThis.PointerEvent) => {
        if (ended.pointerId !== pointerId) return;
        stop();
        if (!dragging) return;
        suppressClick.current = true;
        const at = landing(ended.clientX, ended.clientY);
        setDrag(null);
        if (at) drop(name, at);
      };
      const cancel = (cancelled: globalThis.PointerEvent) => {
        if (cancelled.pointerId !== pointerId) return;
        stop();
        setDrag(null);
      };
      const stop = () => {
        globalThis.removeEventListener('pointermove', move);
        globalThis.removeEventListener('pointerup', up);
        globalThis.removeEventListener('pointercancel', cancel);
        stopDrag.current = () => {};
      };
      globalThis.addEventListener('pointermove', move, { passive: false });
      globalThis.addEventListener('pointerup', up);
      globalThis.addEventListener('pointercancel', cancel);
      stopDrag.current = stop;
    },
    [plan, drop],
  );

  /** Whether a click is a tap (true) or the end of a drag (false). */
  const isTap = useCallback((event: MouseEvent<HTMLElement>) => {
    if (!suppressClick.current) return true;
    suppressClick.current = false;
    event.preventDefault();
    return false;
  }, []);

  return { drag, onPointerDown, isTap };
}
