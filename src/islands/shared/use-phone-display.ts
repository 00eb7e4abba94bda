/**
 * The phone formatters (src/shared/phone-display.ts) for islands that write a phone known only once their data is
 * read: loaded when the island first renders, after hydration, not before it (with libphonenumber's full metadata they
 * weigh about 50 kB gzip, more than the rest of Validate's scripts). Until they are there, a phone is written as given.
 */
import { useEffect, useState } from 'react';

/** The formatters' module. */
export type PhoneDisplay = typeof import('../../shared/phone-display.ts');

let loaded: PhoneDisplay | null = null;
let loading: Promise<PhoneDisplay> | null = null;

/** Starts loading the formatters (once); resolves with them. */
export function loadPhoneDisplay(): Promise<PhoneDisplay> {
  loading ??= import('../../shared/phone-display.ts').then((module) => (loaded = module));
  return loading;
}

/** The formatters once loaded, else null (and the island renders again when they are). */
export function usePhoneDisplay(): PhoneDisplay | null {
  const [module, setModule] = useState<PhoneDisplay | null>(loaded);
  useEffect(() => {
    if (module) return;
    let live = true;
    // A failed load leaves phones as given: a network hiccup is no reason to break the page.
    loadPhoneDisplay().then(
      (formatters) => live && setModule(formatters),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [module]);
  return module;
}
