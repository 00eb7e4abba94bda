/** The frame of every sign-in screen: the navigation guard, the stored merchant's colours and logo, the top bar and the title. */
import type { ReactNode } from 'react';
import type { MessageKey } from '../i18n/t.ts';
import type { Merchant } from '../lib/api-types.ts';
import AuthHeader from './AuthHeader.tsx';
import './auth.css';
import './buttons.css';
import LangText from './LangText.tsx';
import { useRouteGuard } from './use-route-guard.ts';
import { useStoredMerchant } from './use-stored-merchant.ts';

/** What a screen shows around its form. */
export interface AuthScreenProps {
  titleKey: MessageKey;
  introKey?: MessageKey;
  /** Where close leads without a previous page of this site. */
  closeFallback: () => string;
  children: ReactNode | ((merchant: Merchant | null) => ReactNode);
}

/** The screen; while the guard sends the diner elsewhere only the top bar shows. */
export default function AuthScreen({ titleKey, introKey, closeFallback, children }: AuthScreenProps) {
  const redirect = useRouteGuard();
  const merchant = useStoredMerchant();
  const leaving = redirect !== null && redirect !== 'checking';
  return (
    <div className="au-screen" aria-busy={leaving || undefined}>
      <AuthHeader merchant={merchant} closeFallback={closeFallback} />
      {leaving ? null : (
        <>
          <h1 className="au-title">
            <LangText k={titleKey} />
          </h1>
          {introKey ? (
            <p className="au-intro">
              <LangText k={introKey} />
            </p>
          ) : null}
          {typeof children === 'function' ? children(merchant) : children}
        </>
      )}
    </div>
  );
}
