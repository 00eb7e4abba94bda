/** useTranslation(): the current language and a `t` bound to it; islands re-render when the diner switches language. */
import { useStore } from '@nanostores/react';
import { useCallback } from 'react';
import type { TOptions } from 'i18next';
import { translate } from '../../i18n/i18n.ts';
import type { Lang } from '../../i18n/t.ts';
import { $lang } from '../../stores/lang.ts';

/** A message lookup in the island's current language. */
export type Translate = (key: string, vars?: TOptions) => string;

/** The language ($lang) and a translate function for it. */
export function useTranslation(): { lang: Lang; t: Translate } {
  const lang = useStore($lang);
  const t = useCallback<Translate>((key, vars) => translate(lang, key, vars), [lang]);
  return { lang, t };
}
