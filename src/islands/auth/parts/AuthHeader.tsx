/** The sign-in screens' top bar: a close button that goes back, the logo of the merchant being booked (the provider's mark before it is known), and the language selector. */
import type { Merchant } from '../../../shared/api/merchant.ts';
import { goBack } from '../../../lib/navigation/go-back.ts';
import { safeImageSrc } from '../../../shared/safe-url.ts';
import LangText from '../../shared/LangText.tsx';
import LanguageSelector from '../../shared/LanguageSelector.tsx';

/** What the bar shows. */
export interface AuthHeaderProps {
  merchant: Merchant | null;
  /** Where the close button leads when there is no previous page of this site (worked out on click). */
  closeFallback: () => string;
}

/** Close (back) on the left, the logo in the middle, the language selector on the right. */
export default function AuthHeader({ merchant, closeFallback }: AuthHeaderProps) {
  const logo = safeImageSrc(merchant?.logo?.path);
  return (
    <div className="au-top">
      <button type="button" className="au-close" onClick={() => goBack(closeFallback())}>
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" fill="none" />
        </svg>
        <span className="visually-hidden">
          <LangText k="common.close" />
        </span>
      </button>
      <div className="au-logo">
        {logo ? <img src={logo} alt={merchant?.name ?? ''} width="56" height="56" /> : <img src="/favicon.svg" alt="" width="40" height="40" />}
      </div>
      <div className="au-top-end">
        <LanguageSelector />
      </div>
    </div>
  );
}
