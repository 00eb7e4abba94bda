/** The register screen's show/hide password button (spec section 4): a toggle inside the password field. */
import LangText from '../../shared/LangText.tsx';

/** Whether the password shows, and how to flip it. */
export interface PasswordToggleProps {
  visible: boolean;
  onToggle: () => void;
  controls: string;
}

/** An eye button; its name says what pressing it does. */
export default function PasswordToggle({ visible, onToggle, controls }: PasswordToggleProps) {
  return (
    <button type="button" className="au-eye" onClick={onToggle} aria-controls={controls} aria-pressed={visible}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
        {visible ? <path d="M4 4l16 16" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" /> : null}
      </svg>
      <span className="visually-hidden">
        <LangText k="register.showPassword" />
      </span>
    </button>
  );
}
