/**
 * The sign-in choice (/auth, spec section 2): Facebook and Google when enabled, loaded and not framed, the platform
 * login when not framed (the sign-in page refuses frames) and "continue without account"; back from a social sign-in (authed=true) it trades the userToken for a bearer.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { isFramed } from '../../lib/platform/framed.ts';
import { storedHomePath } from '../../lib/navigation/go-back.ts';
import { AUTH_PATHS } from '../../lib/navigation/routes.ts';
import { $loginMethods, finishSocialLogin, loadLoginMethods } from '../../stores/sign-in.ts';
import AuthAlert from './parts/AuthAlert.tsx';
import AuthScreen from './parts/AuthScreen.tsx';
import LangText from '../shared/LangText.tsx';
import SocialButton from './parts/SocialButton.tsx';
import { useTranslation } from '../shared/use-translation.ts';

/** Where a social sign-in stands on this page. */
type SocialState = 'idle' | 'pending' | 'failed' | 'email_required';

/** Drops authed and auth_error from the address, so a reload does not replay the return. */
function forgetReturnParams(): void {
  const url = new URL(globalThis.location.href);
  url.searchParams.delete('authed');
  url.searchParams.delete('auth_error');
  globalThis.history.replaceState(globalThis.history.state, '', url);
}

/** The choice screen. */
export default function AuthChoice() {
  const { t } = useTranslation();
  const methods = useStore($loginMethods);
  const [requested, setRequested] = useState(false);
  // Hidden until known: a framed page must never show them, even for a moment.
  const [framed, setFramed] = useState(true);
  const [social, setSocial] = useState<SocialState>('idle');

  useEffect(() => {
    setFramed(isFramed());
    const params = new URLSearchParams(globalThis.location.search);
    const authError = params.get('auth_error');
    if (authError) {
      setSocial(authError === 'email_required' ? 'email_required' : 'failed');
      forgetReturnParams();
    } else if (params.get('authed') === 'true') {
      setSocial('pending');
      void finishSocialLogin().then((outcome) => {
        if (outcome.ok) {
          globalThis.location.replace(outcome.to);
          return;
        }
        setSocial('failed');
        forgetReturnParams();
      });
    }
    setRequested(true);
    void loadLoginMethods();
  }, []);

  const loading = !requested || methods.loading;
  const showFacebook = !loading && !framed && methods.facebook;
  const showGoogle = !loading && !framed && methods.google;

  return (
    <AuthScreen titleKey="auth.title" introKey="auth.description" closeFallback={storedHomePath}>
      <div className="au-choices">
        {social === 'pending' ? (
          <AuthAlert tone="info">
            <span className="au-spinner" aria-hidden="true" /> {t('auth.socialPending')}
          </AuthAlert>
        ) : null}
        {social === 'failed' || social === 'email_required' ? (
          <AuthAlert tone="error">{t(social === 'email_required' ? 'auth.socialEmailRequired' : 'auth.socialFailed')}</AuthAlert>
        ) : null}
        {loading ? (
          <p className="au-loading" role="status">
            <span className="au-spinner" aria-hidden="true" />
            <LangText k="auth.loading" />
          </p>
        ) : null}
        {showFacebook ? <SocialButton provider="facebook" /> : null}
        {showGoogle ? <SocialButton provider="google" /> : null}
        {showFacebook || showGoogle ? (
          <p className="au-or">
            <span>
              <LangText k="auth.or" />
            </span>
          </p>
        ) : null}
        {/* Password pages refuse to be framed (clickjacking): inside a restaurant's frame the diner books as a guest. */}
        {framed ? null : (
          <a className="cv-btn cv-btn-primary cv-btn-block" href={AUTH_PATHS.login}>
            <LangText k="auth.platform" />
          </a>
        )}
        <a className="cv-btn cv-btn-secondary cv-btn-block" href={AUTH_PATHS.noAuth}>
          <LangText k="auth.noAccount" />
        </a>
      </div>
    </AuthScreen>
  );
}
