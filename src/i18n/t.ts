import frCore from './messages/fr/core.json' with { type: 'json' };
import frAccount from './messages/fr/account.json' with { type: 'json' };
import frTracking from './messages/fr/tracking.json' with { type: 'json' };
import frStaff from './messages/fr/staff.json' with { type: 'json' };
import frSettings from './messages/fr/settings.json' with { type: 'json' };
import frStatic from './messages/fr/static.json' with { type: 'json' };
import enCore from './messages/en/core.json' with { type: 'json' };
import enAccount from './messages/en/account.json' with { type: 'json' };
import enTracking from './messages/en/tracking.json' with { type: 'json' };
import enStaff from './messages/en/staff.json' with { type: 'json' };
import enSettings from './messages/en/settings.json' with { type: 'json' };
import enStatic from './messages/en/static.json' with { type: 'json' };
import esCore from './messages/es/core.json' with { type: 'json' };
import esAccount from './messages/es/account.json' with { type: 'json' };
import esTracking from './messages/es/tracking.json' with { type: 'json' };
import esStaff from './messages/es/staff.json' with { type: 'json' };
import esSettings from './messages/es/settings.json' with { type: 'json' };
import esStatic from './messages/es/static.json' with { type: 'json' };
import itCore from './messages/it/core.json' with { type: 'json' };
import itAccount from './messages/it/account.json' with { type: 'json' };
import itTracking from './messages/it/tracking.json' with { type: 'json' };
import itStaff from './messages/it/staff.json' with { type: 'json' };
import itSettings from './messages/it/settings.json' with { type: 'json' };
import itStatic from './messages/it/static.json' with { type: 'json' };

import { DEFAULT_LANG, isLang, LANGS, type Lang } from '../shared/langs.ts';
import { createTranslator, type KeysOf, type MessageVars } from '../shared/translator.ts';

// Kept here too for the static pages; browser code imports them from src/shared/langs.ts (this file bundles every catalogue).
export { DEFAULT_LANG, isLang, LANGS, type Lang };

// Every part of a language, as one catalogue (the parts' top-level keys are disjoint: tests/site/i18n.test.ts).
const fr = { ...frCore, ...frAccount, ...frTracking, ...frStaff, ...frSettings, ...frStatic };
const en = { ...enCore, ...enAccount, ...enTracking, ...enStaff, ...enSettings, ...enStatic };
const es = { ...esCore, ...esAccount, ...esTracking, ...esStaff, ...esSettings, ...esStatic };
const it = { ...itCore, ...itAccount, ...itTracking, ...itStaff, ...itSettings, ...itStatic };

/** A dotted path to one message of the catalogue, e.g. "hours.closed". */
export type MessageKey = KeysOf<typeof fr>;

export type { MessageVars };

/** The message for key in lang with {{name}} placeholders filled from vars; falls back to French, then to the key itself. */
export const t = createTranslator<MessageKey>({ fr, en, es, it });
