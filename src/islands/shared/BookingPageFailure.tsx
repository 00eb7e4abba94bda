/** A booking page (tracking, Validate) when its booking cannot be shown: its title, why, and the way back to the restaurant. */
import { bookingHomePath } from '../../lib/navigation/routes.ts';
import type { Translate } from './use-translation.ts';

/** What the failed page says. */
export interface BookingPageFailureProps {
  t: Translate;
  /** The page's own title. */
  title: string;
  /** Why, already in the diner's language. */
  message: string;
  merchantSlug: string;
}

/** The failed page. */
export default function BookingPageFailure({ t, title, message, merchantSlug }: BookingPageFailureProps) {
  return (
    <div className="trk-page">
      <h1 className="trk-title">{title}</h1>
      <p className="trk-alert" role="alert">
        {message}
      </p>
      <p>
        <a className="trk-link" href={bookingHomePath(merchantSlug)}>
          {t('complete.backToRestaurant')}
        </a>
      </p>
    </div>
  );
}
