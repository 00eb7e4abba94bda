/** The tracking page while the booking is read: a skeleton, and once hydrated a loading line read out to assistive technology. */
import type { Translate } from '../../shared/use-translation.ts';

/** What the skeleton shows. */
export interface TrackingWaitingProps {
  t: Translate;
  hydrated: boolean;
}

/** The skeleton shown until the booking (or the failure) appears. */
export default function TrackingWaiting({ t, hydrated }: TrackingWaitingProps) {
  return (
    <div className="trk-skeleton" aria-busy="true">
      {hydrated && (
        <p className="trk-loading" role="status">
          {t('complete.loading')}
        </p>
      )}
      <div className="trk-skeleton-title" />
      <div className="trk-skeleton-card trk-skeleton-tall" />
      <div className="trk-skeleton-card" />
    </div>
  );
}
