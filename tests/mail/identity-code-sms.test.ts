import { describe, expect, test } from 'vitest';
import { LANGS } from '../../src/shared/langs.ts';
import { identityCodeSms } from '../../src/server/mail/messages/identity-code.ts';
import { smsSize } from '../../src/server/mail/sms-segments.ts';

const longName = 'La Brasserie de l’Hôtel Royal “Côté Jardin” – Bar à vins & Cuisine créative';

describe('the identity-code text message', () => {
  test.each(
    LANGS.flatMap((lang) => (['takeUp', 'attach'] as const).flatMap((purpose) => [[lang, 'Chez Zoé', purpose] as const, [lang, longName, purpose] as const])),
  )('in %s for %j (%s) is GSM-7 in at most two segments and still carries the code', (lang, name, purpose) => {
    const text = identityCodeSms({ lang, name, ref: 'AB12CD', code: '042917', minutes: 10, purpose });
    const size = smsSize(text);
    expect(size.encoding, text).toBe('GSM-7');
    expect(size.segments, text).toBeLessThanOrEqual(2);
    expect(text).toContain('042917');
    if (purpose === 'takeUp') expect(text).toContain('#AB12CD');
  });
});
