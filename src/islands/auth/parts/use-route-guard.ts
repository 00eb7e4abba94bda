/** useRouteGuard(): the navigation guard of spec section 2 on the open page; a page it refuses is left for its redirect. */
import { useEffect, useState } from 'react';
import { guardPath } from '../../../lib/navigation/guard.ts';
import { leadOn } from '../../../lib/navigation/history-arrival.ts';

/** The redirect the guard wants for this page ('checking' until mounted, null when the page may show). */
export function useRouteGuard(): string | null | 'checking' {
  const [redirect, setRedirect] = useState<string | null | 'checking'>('checking');
  useEffect(() => {
    const check = (restored: boolean) => {
      const to = guardPath(globalThis.location.pathname);
      setRedirect(to);
      // Replaced, so Back never lands on a page that only redirects again; reached by Back, it goes on back.
      if (to) leadOn(to, restored);
    };
    check(false);
    // A page restored from the back-forward cache is shown without running again: check it anew.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) check(true);
    };
    globalThis.addEventListener('pageshow', onPageShow);
    return () => globalThis.removeEventListener('pageshow', onPageShow);
  }, []);
  return redirect;
}
