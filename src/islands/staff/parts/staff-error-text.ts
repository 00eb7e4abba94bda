/** The text of a refused staff call: the book's own message for the code (and the action), else the site's error message. */
import { hasMessage } from '../../../i18n/i18n.ts';
import type { Failure } from '../../../shared/api/outcome.ts';
import type { Translate } from '../../shared/use-translation.ts';

/** The message shown for a failed staff call. */
export function staffErrorText(t: Translate, failure: Omit<Failure, 'ok'>, action?: string): string {
  const specific = action ? `staff.error.${action}_${failure.code}` : null;
  if (specific && hasMessage(specific)) return t(specific);
  if (failure.reason && hasMessage(`staff.error.${failure.code}_${failure.reason}`)) return t(`staff.error.${failure.code}_${failure.reason}`);
  if (failure.field && hasMessage(`staff.error.field_${failure.field}`)) return t(`staff.error.field_${failure.field}`);
  if (hasMessage(`staff.error.${failure.code}`)) return t(`staff.error.${failure.code}`, { seconds: failure.retryAfter ?? 60 });
  return t('staff.error.generic', { code: failure.code });
}
