/** useOffScreen(ref): whether the element is scrolled out of the viewport (IntersectionObserver; false where unsupported). */
import { useEffect, useState, type RefObject } from 'react';

/** True while the element is entirely outside the viewport; re-attaches when `active` turns on (the element appears). */
export function useOffScreen(ref: RefObject<Element | null>, active = true): boolean {
  const [offScreen, setOffScreen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!active || !element || typeof IntersectionObserver === 'undefined') {
      setOffScreen(false);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) setOffScreen(!entry.isIntersecting);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, active]);
  return offScreen;
}
