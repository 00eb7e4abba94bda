/** A translated sentence with the merchant's phone inside it as a tel: link (e.g. "try to call it at {{phone}}"). */
import { telHref } from '../../../shared/tel-href.ts';
import { usePhoneDisplay } from '../../shared/use-phone-display.ts';
import type { Translate } from '../../shared/use-translation.ts';

// A character no message contains: where the phone goes once the sentence is translated.
const SLOT = '\u0001';

/** What the sentence needs. */
export interface PhoneSentenceProps {
  t: Translate;
  /** A message with a {{phone}} placeholder. */
  messageKey: string;
  phone: string;
}

/** The sentence, its {{phone}} a call link (plain text when there is no phone). */
export default function PhoneSentence({ t, messageKey, phone }: PhoneSentenceProps) {
  const phones = usePhoneDisplay();
  const [before = '', after = ''] = t(messageKey, { phone: SLOT }).split(SLOT);
  return (
    <>
      {before}
      {phone ? <a href={telHref(phone)}>{phones ? phones.displayMerchantPhone(phone) : phone}</a> : null}
      {after}
    </>
  );
}
