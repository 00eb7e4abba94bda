/** A fixed text in the four languages as sibling spans, like components/T.astro: the page's CSS shows the one html[data-lang] names, so it never flashes. */
import { LANGS, t, type MessageKey, type MessageVars } from '../i18n/t.ts';

/** What to show: a catalogue key and its placeholders. */
export interface LangTextProps {
  k: MessageKey;
  vars?: MessageVars;
}

/** The message in every language; the same markup at build time and in the browser. */
export default function LangText({ k, vars }: LangTextProps) {
  return (
    <>
      {LANGS.map((lang) => (
        <span key={lang} lang={lang} data-l="">
          {t(lang, k, vars)}
        </span>
      ))}
    </>
  );
}
