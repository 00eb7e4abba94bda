/** A "continue with Facebook / Google" button: stores a fresh userToken and sends the browser to the login host (spec section 7). */
import type { SocialProvider } from '../../../lib/api/account-api.ts';
import { navigate } from '../../../lib/navigation/navigate.ts';
import { startSocialLogin } from '../../../stores/sign-in.ts';
import LangText from '../../shared/LangText.tsx';

/** Which provider. */
export interface SocialButtonProps {
  provider: SocialProvider;
}

function FacebookMark() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="12" fill="#fff" />
      <path
        fill="#1877f2"
        d="M16.7 15.5l.5-3.5h-3.3V9.7c0-1 .5-1.9 2-1.9h1.5v-3s-1.4-.2-2.7-.2c-2.8 0-4.6 1.7-4.6 4.7V12H7v3.5h3.1V24a12.3 12.3 0 003.8 0v-8.5h2.8z"
      />
    </svg>
  );
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path fill="#4285f4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 01-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.8z" />
      <path fill="#34a853" d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0012 24z" />
      <path fill="#fbbc05" d="M5.3 14.3a7.2 7.2 0 010-4.6V6.6H1.3a12 12 0 000 10.8l4-3.1z" />
      <path fill="#ea4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 001.3 6.6l4 3.1c.9-2.8 3.6-4.9 6.7-4.9z" />
    </svg>
  );
}

/** The provider's button in its own colours. */
export default function SocialButton({ provider }: SocialButtonProps) {
  const start = () => navigate(startSocialLogin(provider, globalThis.location.pathname));
  return (
    <button type="button" className={`cv-btn cv-btn-block au-social au-social-${provider}`} onClick={start}>
      {provider === 'facebook' ? <FacebookMark /> : <GoogleMark />}
      <span>
        <LangText k={provider === 'facebook' ? 'auth.facebook' : 'auth.google'} />
      </span>
    </button>
  );
}
