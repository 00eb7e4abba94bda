/** The terms-acceptance switch of Validate (spec sections 2 and 5), with links to the restaurant's and the platform's general terms; flagged red when validating without it. */
import { forwardRef, useId } from 'react';
import type { Translate } from '../../shared/use-translation.ts';

/** The switch's state. */
export interface TermsToggleProps {
  t: Translate;
  accepted: boolean;
  /** The condition error: shown red with its message. */
  invalid: boolean;
  onChange: (accepted: boolean) => void;
}

/** The platform's general terms. */
export const PLATFORM_TERMS_PATH = '/legal/terms';
/** The general terms that bind the restaurant (the same page's section on it: the contract carries no terms of its own per merchant). */
export const RESTAURANT_TERMS_PATH = '/legal/terms#restaurant';

/** The switch; the ref is the input, which Validate scrolls to and focuses when it is off. */
const TermsToggle = forwardRef<HTMLInputElement, TermsToggleProps>(function TermsToggle({ t, accepted, invalid, onChange }, ref) {
  const errorId = useId();
  return (
    <div className={`card trk-card trk-terms${invalid ? ' is-invalid' : ''}`}>
      <label className="trk-switch">
        <input
          ref={ref}
          type="checkbox"
          role="switch"
          checked={accepted}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span className="trk-switch-track" aria-hidden="true">
          <span className="trk-switch-thumb" />
        </span>
        <span className="trk-switch-label">{t('validate.terms')}</span>
      </label>
      <p className="trk-terms-links">
        <a href={RESTAURANT_TERMS_PATH} target="_blank" rel="noopener">
          {t('validate.restaurantTerms')}
        </a>
        <a href={PLATFORM_TERMS_PATH} target="_blank" rel="noopener">
          {t('validate.platformTerms')}
        </a>
      </p>
      {invalid && (
        <p id={errorId} className="trk-field-error" role="alert">
          {t('validate.termsRequired')}
        </p>
      )}
    </div>
  );
});

export default TermsToggle;
