/** A merchant's own text for the static page: what each interface language reads, for data-l10n's "text". */
import { LANGS, type Lang } from '../../shared/langs.ts';
import { merchantTextIn, type MerchantText } from '../../shared/merchant-text.ts';
import type { LocalizedText } from '../../i18n/l10n-attrs.ts';

/** The text each language reads: its own, else the first language the merchant listed (a plain string: the same for all). */
export function merchantTextL10n(text: MerchantText): LocalizedText {
  return Object.fromEntries(LANGS.map((lang: Lang) => [lang, merchantTextIn(text, lang)])) as LocalizedText;
}
