/** The day's timeline: one per service, how to move a booking, the colours' legend, and a refused move's reason (its bar is back). */
import { useStore } from '@nanostores/react';
import { useEffect, useId } from 'react';
import { serviceMeal, type ServiceGroup } from '../../../lib/staff/book-view.ts';
import { serviceSpan } from '../../../lib/staff/timeline-geometry.ts';
import type { StaffBookingRow, StaffClosing, StaffZone } from '../../../shared/api/staff.ts';
import { $timelineMove, forgetRefusal } from '../../../stores/staff-timeline.ts';
import { useTranslation } from '../../shared/use-translation.ts';
import ServiceTimeline from './ServiceTimeline.tsx';
import { staffErrorText } from './staff-error-text.ts';
import { useBookHour } from './use-book-hour.ts';
import './staff-timeline.css';

/** The states a bar is coloured by, in the legend's order. */
const LEGEND = ['pending', 'confirmed', 'arrived', 'finished', 'no_show'] as const;

/** What the day's timeline draws. */
export interface DayTimelineProps {
  day: string;
  timezone: string;
  groups: readonly ServiceGroup[];
  zones: readonly StaffZone[];
  closings: readonly StaffClosing[];
  /** The closing of each service closed online that day, by service id. */
  serviceClosings: ReadonlyMap<string, StaffClosing>;
  slotMinutes: number;
  durationMinutes: number;
  nowMs: number;
  mayMove: (booking: StaffBookingRow) => boolean;
  onOpen: (booking: StaffBookingRow) => void;
  announce: (text: string) => void;
}

/** The timelines of the day. */
export default function DayTimeline(props: DayTimelineProps) {
  const { day, timezone, groups, zones, closings, serviceClosings, slotMinutes, durationMinutes, nowMs, mayMove, onOpen, announce } = props;
  const { t } = useTranslation();
  const hour = useBookHour();
  const hintId = useId();
  const move = useStore($timelineMove);

  // A refusal belongs to the day it was said on.
  useEffect(() => forgetRefusal, [day]);

  if (!zones.some((zone) => zone.tables.length > 0)) return <p className="staff-empty">{t('staff.timeline.noTables')}</p>;

  return (
    <div className="tl-day">
      <p id={hintId} className="staff-hint tl-hint">
        {t('staff.timeline.hint')}
      </p>
      <ul className="tl-legend">
        {LEGEND.map((kind) => (
          <li key={kind}>
            <span className={`tl-swatch tl-bar-${kind}`} aria-hidden="true" />
            {t(`staff.kind.${kind}`)}
          </li>
        ))}
        <li>
          <span className="tl-swatch tl-swatch-closed" aria-hidden="true" />
          {t('staff.timeline.closed')}
        </li>
      </ul>
      {groups.map((group) => {
        const span = serviceSpan(group.service, group.bookings, day, timezone, slotMinutes, durationMinutes);
        if (!span) return null;
        const { service } = group;
        const title = service ? t(`staff.service.${serviceMeal(service)}`, { start: hour(service.start), end: hour(service.end) }) : t('staff.service.other');
        return (
          <ServiceTimeline
            key={service?.id ?? 'other'}
            title={title}
            headingId={`timeline-${service?.id ?? 'other'}`}
            closedTag={service && serviceClosings.has(service.id) ? t('staff.closing.serviceClosed') : null}
            span={span}
            bookings={group.bookings}
            zones={zones}
            closings={closings}
            timezone={timezone}
            nowMs={nowMs}
            hintId={hintId}
            mayMove={mayMove}
            onOpen={onOpen}
            announce={announce}
          />
        );
      })}
      {move.status === 'refused' || move.status === 'missed' ? (
        <div className="staff-alert tl-refusal" role="alert">
          <p>{move.status === 'missed' ? t('staff.timeline.missed') : t('staff.timeline.refused', { reason: staffErrorText(t, move.failure, 'move') })}</p>
          <button type="button" className="cv-btn cv-btn-secondary staff-small" onClick={forgetRefusal}>
            {t('common.close')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
