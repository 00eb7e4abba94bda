/**
 * Moving a timeline bar: dragged by pointer (mouse, pen or touch: the pointer's row is its table, its x its start, snapped
 * to a slot) or by keyboard (arrows: a table up or down, a slot earlier or later; Enter confirms, Escape cancels).
 * The hook keeps the move's preview; where the bar goes on drop or Enter is the caller's (commit).
 */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent, type RefObject } from 'react';
import { followDrag, holdScrollWhile } from '../../../lib/platform/follow-drag.ts';
import { dropTarget, isMoveKey, stepTarget, type MoveTarget, type TimeSpan, type TimelineBar, type TimelineRow } from '../../../lib/staff/timeline-geometry.ts';

/** A move under way: the bar, where it would land (null: nowhere, it snaps back), and by what. */
export interface MovePreview {
  bar: TimelineBar;
  target: MoveTarget | null;
  via: 'pointer' | 'keyboard';
}

/** What the hook needs: the geometry, where the rows are drawn, and what to do. */
export interface TimelineMoveOptions {
  rows: readonly TimelineRow[];
  span: TimeSpan;
  pxPerMinute: number;
  /** The element whose top-left is the rows' top at the span's start. */
  tracks: RefObject<HTMLElement | null>;
  /** The element scrolling the time sideways, and the width of the tables' names pinned at its left. */
  scroller: RefObject<HTMLElement | null>;
  headWidth: number;
  mayMove: (bar: TimelineBar) => boolean;
  /** The bar was dropped (or Enter pressed) on a target. */
  commit: (bar: TimelineBar, target: MoveTarget | null) => void;
  /** Says a keyboard move's step or outcome to screen readers. */
  announce: (text: 'target' | 'cancelled' | 'notMovable', preview?: MovePreview) => void;
}

// How near the scroller's sides a drag scrolls, and by how much per pointer move.
const EDGE_PX = 32;
const SCROLL_STEP_PX = 12;
// A finger rests this long on a bar to pick it up; one that moves sooner scrolls the timeline (a swipe moves nothing).
const HOLD_MS = 300;

/** The preview and the handlers each bar's button takes. */
export function useTimelineMove({ rows, span, pxPerMinute, tracks, scroller, headWidth, mayMove, commit, announce }: TimelineMoveOptions) {
  const [preview, setPreview] = useState<MovePreview | null>(null);
  const current = useRef<MovePreview | null>(null);
  const suppressClick = useRef(false);
  const stopDrag = useRef<() => void>(() => {});
  // A finger that held a bar: its moves drag the bar, not the timeline.
  const holding = useRef(false);
  const show = useCallback((next: MovePreview | null) => {
    current.current = next;
    setPreview(next);
  }, []);
  useEffect(() => () => stopDrag.current(), []);
  useEffect(() => {
    const element = scroller.current;
    return element ? holdScrollWhile(element, () => holding.current) : undefined;
  }, [scroller]);

  const targetAt = (clientX: number, clientY: number, grabX: number): MoveTarget | null => {
    const box = tracks.current?.getBoundingClientRect();
    if (!box) return null;
    return dropTarget({ x: clientX - box.left, y: clientY - box.top }, grabX, rows, span, pxPerMinute);
  };

  // A bar dragged near the scroller's sides scrolls the time that way (a phone shows an hour or two at once).
  const scrollNearEdge = (clientX: number) => {
    const element = scroller.current;
    if (!element) return;
    const box = element.getBoundingClientRect();
    if (clientX < box.left + headWidth + EDGE_PX) element.scrollBy({ left: -SCROLL_STEP_PX });
    else if (clientX > box.right - EDGE_PX) element.scrollBy({ left: SCROLL_STEP_PX });
  };

  const onPointerDown = (event: PointerEvent<HTMLElement>, bar: TimelineBar) => {
    suppressClick.current = false;
    if ((event.pointerType === 'mouse' && event.button !== 0) || !mayMove(bar)) return;
    stopDrag.current();
    const grabX = event.clientX - event.currentTarget.getBoundingClientRect().left;
    const done = () => {
      stopDrag.current = () => {};
      holding.current = false;
    };
    const follow = followDrag(
      event,
      {
        onArm: () => {
          holding.current = true;
          // Picked up: the bar lifts where it stands.
          show({ bar, target: { row: bar.row, atMs: bar.startMs }, via: 'pointer' });
        },
        onMove: (moved) => {
          scrollNearEdge(moved.clientX);
          show({ bar, target: targetAt(moved.clientX, moved.clientY, grabX), via: 'pointer' });
        },
        onRelease: (ended, dragged) => {
          const held = holding.current;
          done();
          if (!dragged) {
            // Held then let go where it was: no move; the click that follows opens it, as a tap does.
            if (held) show(null);
            return;
          }
          // The click that follows a drag's release is no tap.
          suppressClick.current = true;
          const target = targetAt(ended.clientX, ended.clientY, grabX);
          show(null);
          commit(bar, target);
        },
        onCancel: () => {
          done();
          show(null);
        },
      },
      { holdMs: HOLD_MS },
    );
    stopDrag.current = () => {
      follow();
      holding.current = false;
    };
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>, bar: TimelineBar) => {
    const shown = current.current;
    const mine = shown?.via === 'keyboard' && shown.bar.booking.token === bar.booking.token && shown.bar.tableId === bar.tableId ? shown : null;
    if (isMoveKey(event.key)) {
      event.preventDefault();
      if (!mayMove(bar)) {
        announce('notMovable');
        return;
      }
      const next: MovePreview = {
        bar,
        target: stepTarget(mine?.target ?? { row: bar.row, atMs: bar.startMs }, event.key, rows, span),
        via: 'keyboard',
      };
      show(next);
      announce('target', next);
    } else if (event.key === 'Enter' && mine) {
      // Enter confirms the move, and so opens no dialog.
      event.preventDefault();
      show(null);
      commit(bar, mine.target);
    } else if (event.key === 'Escape' && mine) {
      event.preventDefault();
      event.stopPropagation();
      show(null);
      announce('cancelled');
    }
  };

  const onBlur = () => {
    if (current.current?.via === 'keyboard') show(null);
  };

  /** Whether a click is a tap (true) or the end of a drag (false). */
  const isTap = (event: MouseEvent<HTMLElement>) => {
    if (!suppressClick.current) return true;
    suppressClick.current = false;
    event.preventDefault();
    return false;
  };

  return { preview, onPointerDown, onKeyDown, onBlur, isTap };
}
