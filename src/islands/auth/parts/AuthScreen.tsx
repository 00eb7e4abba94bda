/** The frame of every sign-in screen: the navigation guard, the stored merchant's colours and logo, the top bar and the title. */
import type { ReactNode } from 'react';
import { needMessages } from '../../../i18n/i18n.ts';
import frAccount from '../../../i18n/messages/fr/account.json' with { type: 'json' };
import type { LangTextKey } from '../../shared/LangText.tsx';
import type { Merchant } from '../../../shared/api/merchant.ts';
import AuthHeader from './AuthHeader.tsx';
import '../auth.css';
import '../../shared/buttons.css';
import LangText from '../../shared/LangText.tsx';
import { useRouteGuard } from './use-route-guard.ts';
import { useStoredMerchant } from '../../shared/use-stored-merchant.ts';

// Renders only once the sign-in screens' messages are loaded in the page's language.
await needMessages('account', frAccount);

/** What a screen shows around its form. */
export interface AuthScreenProps {
  titleKey: LangTextKey;
  introKey?: LangTextKey;
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
