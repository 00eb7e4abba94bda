/** useStoredMerchant(): the merchant the diner is booking with (stored current_merchant), loaded once, its colours put on the page. */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Merchant } from '../../shared/api/merchant.ts';
import { applyTheme } from '../../lib/platform/apply-theme.ts';
import { getCurrentMerchant } from '../../lib/platform/storage.ts';
import { $merchant, $theme, loadMerchant } from '../../stores/merchant.ts';

/**
 * The stored current merchant once booking_merchant/get answered (null before, or when none is stored). `themed`:
 * whether the page takes its colours (the sign-in screens do; the provider's own account page does not).
 */
export function useStoredMerchant({ themed = true }: { themed?: boolean } = {}): Merchant | null {
  const merchant = useStore($merchant);
  const theme = useStore($theme);
  useEffect(() => {
    const slug = getCurrentMerchant();
    if (slug && $merchant.get()?.slug !== slug) void loadMerchant(slug);
  }, []);
  useEffect(() => {
    if (themed) applyTheme(theme);
  }, [themed, theme]);
  return merchant;
}
