/** The tracking page when the booking cannot be shown: why, and the way back to the restaurant's booking page. */
import { errorMessage } from '../../../i18n/i18n.ts';
import type { Lang } from '../../../i18n/t.ts';
import { bookingHomePath } from '../../../lib/navigation/routes.ts';
import type { FailureCode } from '../../../shared/api/outcome.ts';
import type { Translate } from '../../shared/use-translation.ts';

/** What the failure says. */
export interface TrackingFailureProps {
  t: Translate;
  lang: Lang;
  merchantSlug: string;
  /** The failure's error_code (null: a generic message). */
  failure: FailureCode | null;
}

/** The failed page. */
export default function TrackingFailure({ t, lang, merchantSlug, failure }: TrackingFailureProps) {
  return (
    <div className="trk-page">
      <h1 className="trk-title">{t('complete.title')}</h1>
      <p className="trk-alert" role="alert">
        {errorMessage(lang, failure ?? 'generic')}
      </p>
      <p>
        <a className="trk-link" href={bookingHomePath(merchantSlug)}>
          {t('complete.backToRestaurant')}
        </a>
      </p>
    </div>
  );
}
