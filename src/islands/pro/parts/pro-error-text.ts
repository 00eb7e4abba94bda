/** The text of a refused staff call: the book's own message for the code (and the action), else the site's error message. */
import { hasMessage } from '../../../i18n/i18n.ts';
import type { Translate } from '../../shared/use-translation.ts';

/** The message shown for a failed staff call. */
export function proErrorText(t: Translate, failure: { code: string; field?: string; reason?: string; retryAfter?: number }, action?: string): string {
  const specific = action ? `pro.error.${action}_${failure.code}` : null;
  if (specific && hasMessage(specific)) return t(specific);
  if (failure.reason && hasMessage(`pro.error.${failure.code}_${failure.reason}`)) return t(`pro.error.${failure.code}_${failure.reason}`);
  if (failure.field && hasMessage(`pro.error.field_${failure.field}`)) return t(`pro.error.field_${failure.field}`);
  if (hasMessage(`pro.error.${failure.code}`)) return t(`pro.error.${failure.code}`, { seconds: failure.retryAfter ?? 60 });
  return t('pro.error.generic', { code: failure.code });
}
