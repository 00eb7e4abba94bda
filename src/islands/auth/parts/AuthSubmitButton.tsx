/** The submit button of a sign-in form (spec section 4): idle, or loading (disabled, with a spinner) while the call runs. */
import type { ReactNode } from 'react';
import { useHydrated } from '../../shared/use-hydrated.ts';

/** What the button shows. */
export interface AuthSubmitButtonProps {
  loading: boolean;
  children: ReactNode;
  /** 'footer' sticks to the bottom of small screens and sits in the form on larger ones. */
  placement?: 'inline' | 'footer';
  /** Shown under the button, in the footer with it (e.g. a link to the other screen). */
  after?: ReactNode;
}

/** A full-width primary submit button; disabled until the island runs, so an early click or Enter cannot send the form natively (its fields in the address). */
export default function AuthSubmitButton({ loading, children, placement = 'inline', after }: AuthSubmitButtonProps) {
  const hydrated = useHydrated();
  return (
    <div className={placement === 'footer' ? 'au-actions au-actions-footer' : 'au-actions'}>
      <button type="submit" className="cv-btn cv-btn-primary cv-btn-block au-submit" disabled={loading || !hydrated} aria-busy={loading}>
        {loading ? <span className="au-spinner" aria-hidden="true" /> : null}
        <span>{children}</span>
      </button>
      {after}
    </div>
  );
}
