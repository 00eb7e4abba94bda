/** Field messages in the diner's language (src/i18n/messages/{lang}/server-fields.json): what register, user/update and the reset page show under a field. */
import type { Lang } from '../../shared/langs.ts';
import { fieldTexts } from '../i18n/server-texts.ts';
import type { FieldProblem, FieldProblems } from './contact-details.ts';

/** The message for one problem in a language. */
export function fieldMessage(problem: FieldProblem | 'bad_login', lang: Lang): string {
  return fieldTexts(lang)(problem);
}

/** The `errors` object of a failed call: field name to its messages, in the diner's language. */
export function fieldErrors(problems: FieldProblems, lang: Lang): Record<string, string[]> {
  return Object.fromEntries(Object.entries(problems).map(([field, list]) => [field, list.map((problem) => fieldMessage(problem, lang))]));
}
