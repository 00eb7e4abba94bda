/** What every per-merchant page shares at build time: one page per merchant, titled in the four languages. */
import type { LocalizedText } from '../../i18n/l10n-attrs.ts';
import { LANGS, t, type MessageKey } from '../../i18n/t.ts';
import { loadMerchantListing } from './load-merchant-listing.ts';
import type { MerchantListing } from '../../shared/api/merchant-listing.ts';

/** Astro's static paths for a per-merchant page: the list is read and parsed once per build. */
export function merchantPagePaths(): Array<{ params: { slug: string }; props: { merchant: MerchantListing } }> {
  return loadMerchantListing().map((merchant) => ({ params: { slug: merchant.slug }, props: { merchant } }));
}

/** "{merchant} · {page title}" in each language. */
export function merchantPageTitle(merchant: MerchantListing, key: MessageKey): LocalizedText {
  return Object.fromEntries(LANGS.map((lang) => [lang, `${merchant.name} · ${t(lang, key)}`])) as LocalizedText;
}
