/**
 * One service on the timeline: tables down (by zone), time across (first seating to last seating plus a booking's
 * duration), closings shaded, a "now" line, each booking a bar per table it holds, coloured by its state. A tap opens
 * the booking's actions; a drag or the keyboard moves it through the staff move route.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { bookingKind } from '../../../lib/staff/book-view.ts';
import {
  closingShades,
  judgeMove,
  nowLineX,
  pxPerMinuteFor,
  rowsHeight,
  spanTicks,
  spanWidth,
  timelineBars,
  timelineRows,
  xOf,
  type MoveTarget,
  type TimeSpan,
  type TimelineBar,
} from '../../../lib/staff/timeline-geometry.ts';
import type { StaffBookingRow, StaffClosing, StaffZone } from '../../../shared/api/staff.ts';
import { localTimeOf } from '../../../shared/local-time.ts';
import { $timelineMove, missOnTimeline, moveOnTimeline, refuseOnTimeline } from '../../../stores/staff-timeline.ts';
import { useTranslation } from '../../shared/use-translation.ts';
import { useBookHour } from './use-book-hour.ts';
import { useTimelineMove, type MovePreview } from './use-timeline-move.ts';

/** The width of the tables' names, left of the time. */
const HEAD_PX = 84;
/** The room above and below a bar in its lane, in pixels (one lane: a 44 px bar, a finger's height). */
const BAR_INSET = 4;

/** What the service's timeline draws and does. */
export interface ServiceTimelineProps {
  title: string;
  headingId: string;
  /** The service's closing to online booking, if any (its heading says so). */
  closedTag: string | null;
  span: TimeSpan;
  bookings: readonly StaffBookingRow[];
  zones: readonly StaffZone[];
  closings: readonly StaffClosing[];
  timezone: string;
  nowMs: number;
  /** The id of the text telling how to move a bar. */
  hintId: string;
  mayMove: (booking: StaffBookingRow) => boolean;
  onOpen: (booking: StaffBookingRow) => void;
  /** Says a keyboard move's step, or a move done, in the book's live region. */
  announce: (text: string) => void;
}

/** The service's timeline. */
export default function ServiceTimeline(props: ServiceTimelineProps) {
  const { title, headingId, closedTag, span, bookings, zones, closings, timezone, nowMs, hintId, mayMove, onOpen, announce } = props;
  const { t } = useTranslation();
  const hour = useBookHour();
  const moving = useStore($timelineMove);
  const scroller = useRef<HTMLDivElement>(null);
  const tracks = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const refocus = useRef<string | null>(null);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () => setWidth(element.clientWidth - HEAD_PX);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const ppm = pxPerMinuteFor(span, Math.max(0, width));
  const unplaced = bookings.some((booking) => booking.tables.length === 0 && bookingKind(booking) !== 'cancelled');
  const rows = useMemo(() => timelineRows(zones, unplaced ? { name: t('staff.timeline.noTable') } : null), [zones, unplaced, t]);
  const bars = useMemo(() => {
    const drawn = timelineBars(bookings, rows, span, ppm);
    if (moving.status !== 'moving') return drawn;
    // The move asked of the server: its bar waits at the target until the day is read again.
    const row = rows.findIndex((entry) => entry.kind === 'table' && entry.id === moving.tableId);
    return drawn.map((bar) =>
      bar.booking.token === moving.token && row >= 0
        ? {
            ...bar,
            row,
            tableId: moving.tableId,
            startMs: moving.atMs,
            endMs: moving.atMs + (bar.endMs - bar.startMs),
            left: xOf(moving.atMs, span, ppm),
            lane: 0,
            lanes: 1,
          }
        : bar,
    );
  }, [bookings, rows, span, ppm, moving]);

  const hhmm = (ms: number) => hour(localTimeOf(new Date(ms), timezone));
  const tableName = (row: number) => rows[row]?.name ?? '';
  const nameOf = (booking: StaffBookingRow) => `${booking.diner.firstname} ${booking.diner.lastname}`.trim() || t('staff.noName');

  const commit = (bar: TimelineBar, target: MoveTarget | null) => {
    if (!target) {
      missOnTimeline(bar.booking.token);
      return;
    }
    const verdict = judgeMove(bar, target, rows, Date.now());
    if (verdict.kind === 'same') return;
    if (verdict.kind === 'refused') {
      refuseOnTimeline(bar.booking.token, verdict.code);
      return;
    }
    if (document.activeElement?.closest('.tl-bar')) refocus.current = bar.booking.token;
    void moveOnTimeline(bar.booking.token, verdict.tableId, verdict.atMs).then((outcome) => {
      if (outcome.ok) announce(t('staff.done.move', { name: nameOf(bar.booking) }));
    });
  };

  const say = (text: 'target' | 'cancelled' | 'notMovable', preview?: MovePreview) => {
    if (text === 'target' && preview?.target) announce(t('staff.timeline.target', { table: tableName(preview.target.row), time: hhmm(preview.target.atMs) }));
    else if (text !== 'target') announce(t(`staff.timeline.${text}`));
  };

  const move = useTimelineMove({
    rows,
    span,
    pxPerMinute: ppm,
    tracks,
    scroller,
    headWidth: HEAD_PX,
    mayMove: (bar) => mayMove(bar.booking),
    commit,
    announce: say,
  });

  // A bar moved by keyboard is drawn anew in its new row: the focus follows it there.
  useEffect(() => {
    if (!refocus.current || moving.status === 'moving') return;
    scroller.current?.querySelector<HTMLElement>(`[data-token="${CSS.escape(refocus.current)}"]`)?.focus();
    refocus.current = null;
  }, [bars, moving.status]);

  const total = spanWidth(span, ppm);
  const height = rowsHeight(rows);
  const target = move.preview?.target ?? null;
  const ghost = move.preview && target ? { left: xOf(target.atMs, span, ppm), width: move.preview.bar.width, row: rows[target.row]! } : null;
  const nowX = nowLineX(nowMs, span, ppm);

  return (
    <section className="staff-service staff-timeline" aria-labelledby={headingId}>
      <header className="staff-service-head">
        <h2 id={headingId}>
          {title}
          {closedTag ? <span className="staff-closed-tag">{closedTag}</span> : null}
        </h2>
      </header>
      <div className="tl-scroll" ref={scroller}>
        <div className="tl-canvas" style={{ width: HEAD_PX + total }}>
          <div className="tl-axis" aria-hidden="true">
            {spanTicks(span).map((tick) => (
              <span key={tick} className="tl-tick" style={{ left: HEAD_PX + xOf(tick, span, ppm) }}>
                {hhmm(tick)}
              </span>
            ))}
          </div>
          <div className="tl-body" style={{ height }}>
            {rows.map((row, index) =>
              row.kind === 'zone' ? (
                <h3 key={`zone-${row.id}`} className="tl-zone" style={{ top: row.top, height: row.height }}>
                  <span>{row.name}</span>
                </h3>
              ) : (
                <div key={`table-${row.id ?? 'none'}`} className="tl-row" style={{ top: row.top, height: row.height }}>
                  <span className="tl-table" aria-hidden="true">
                    <strong>{row.name}</strong>
                    {row.id ? <small>{t('staff.timeline.seats', { min: row.minSeats, max: row.maxSeats })}</small> : null}
                  </span>
                  <ul className="tl-track" aria-label={row.id ? t('staff.timeline.row', { name: row.name, min: row.minSeats, max: row.maxSeats }) : row.name}>
                    {bars
                      .filter((bar) => bar.row === index)
                      .map((bar) => {
                        const kind = bookingKind(bar.booking);
                        const dragged = move.preview?.bar.booking.token === bar.booking.token && move.preview.bar.tableId === bar.tableId;
                        const waiting = moving.status === 'moving' && moving.token === bar.booking.token;
                        return (
                          <li
                            key={`${bar.booking.token}|${bar.tableId ?? ''}`}
                            className="tl-item"
                            style={{
                              left: bar.left,
                              width: bar.width,
                              top: `calc(${(bar.lane * 100) / bar.lanes}% + ${BAR_INSET}px)`,
                              height: `calc(${100 / bar.lanes}% - ${2 * BAR_INSET}px)`,
                            }}
                          >
                            <button
                              type="button"
                              className={`tl-bar tl-bar-${kind}${dragged ? ' is-dragged' : ''}${waiting ? ' is-waiting' : ''}`}
                              data-token={bar.booking.token}
                              data-movable={mayMove(bar.booking) ? '' : undefined}
                              aria-label={t('staff.timeline.bar', {
                                name: nameOf(bar.booking),
                                party: t('staff.party', { count: bar.booking.party }),
                                from: hhmm(bar.startMs),
                                to: hhmm(bar.endMs),
                                table: bar.tableId ? t('staff.table', { names: row.name }) : t('staff.timeline.noTable'),
                                state: t(`staff.kind.${kind}`),
                              })}
                              aria-describedby={mayMove(bar.booking) ? hintId : undefined}
                              aria-busy={waiting || undefined}
                              onPointerDown={(event) => move.onPointerDown(event, bar)}
                              onKeyDown={(event) => move.onKeyDown(event, bar)}
                              onBlur={move.onBlur}
                              onClick={(event) => {
                                if (move.isTap(event)) onOpen(bar.booking);
                              }}
                            >
                              <span className="tl-bar-name">{bar.booking.diner.lastname || nameOf(bar.booking)}</span>
                              <span className="tl-bar-party">{bar.booking.party}</span>
                            </button>
                          </li>
                        );
                      })}
                  </ul>
                </div>
              ),
            )}
            <div className="tl-tracks" ref={tracks} style={{ left: HEAD_PX, width: total }} aria-hidden="true">
              {closingShades(closings, span, ppm).map((shade) => (
                <span key={shade.id} className="tl-shade" style={{ left: shade.left, width: shade.width }} title={t('staff.timeline.closed')} />
              ))}
              {nowX !== null ? (
                <span className="tl-now" style={{ left: nowX }}>
                  <span className="tl-now-label">{t('staff.timeline.now')}</span>
                </span>
              ) : null}
              {ghost ? (
                <span
                  className="tl-ghost"
                  style={{ left: ghost.left, width: ghost.width, top: ghost.row.top + BAR_INSET, height: ghost.row.height - 2 * BAR_INSET }}
                />
              ) : null}
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
