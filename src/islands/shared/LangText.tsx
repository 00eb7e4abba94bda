/** A fixed text in the four languages as sibling spans, like components/T.astro: the page's CSS shows the one html[data-lang] names, so it never flashes. */
import enAccount from '../../i18n/messages/en/account.json' with { type: 'json' };
import enCore from '../../i18n/messages/en/core.json' with { type: 'json' };
import esAccount from '../../i18n/messages/es/account.json' with { type: 'json' };
import esCore from '../../i18n/messages/es/core.json' with { type: 'json' };
import frAccount from '../../i18n/messages/fr/account.json' with { type: 'json' };
import frCore from '../../i18n/messages/fr/core.json' with { type: 'json' };
import itAccount from '../../i18n/messages/it/account.json' with { type: 'json' };
import itCore from '../../i18n/messages/it/core.json' with { type: 'json' };
import { LANGS } from '../../shared/langs.ts';
import { createTranslator, type KeysOf, type MessageVars } from '../../shared/translator.ts';

// The sign-in screens' messages in every language (not the whole catalogue: only what those screens show).
const fr = { ...frCore, ...frAccount };

/** A message LangText can show: one of the core or sign-in messages. */
export type LangTextKey = KeysOf<typeof fr>;

const textIn = createTranslator<LangTextKey>({
  fr,
  en: { ...enCore, ...enAccount },
  es: { ...esCore, ...esAccount },
  it: { ...itCore, ...itAccount },
});

/** What to show: a catalogue key and its placeholders. */
export interface LangTextProps {
  k: LangTextKey;
  vars?: MessageVars;
}

/** The message in every language; the same markup at build time and in the browser. */
export default function LangText({ k, vars }: LangTextProps) {
  return (
    <>
      {LANGS.map((lang) => (
        <span key={lang} lang={lang} data-l="">
          {textIn(lang, k, vars)}
        </span>
      ))}
    </>
  );
}
