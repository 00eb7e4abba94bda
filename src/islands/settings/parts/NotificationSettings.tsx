/** Where the restaurant's own messages go: one or several addresses, a phone, and their language. */
import { LANGS, type Lang } from '../../../shared/langs.ts';
import type { Translate } from '../../shared/use-translation.ts';
import type { SectionProps } from '../section-props.ts';
import { emailsLine, emailsValue } from './list-text.ts';
import { useLineText } from './use-line-text.ts';

/** The notification fields of the rules section. */
export default function NotificationSettings({ draft, errorAt, change, t }: Pick<SectionProps, 'draft' | 'errorAt' | 'change'> & { t: Translate }) {
  const notifications = draft.notifications ?? {};
  const set = (key: 'email' | 'phone' | 'lang', value: unknown) => {
    const next: Record<string, unknown> = { ...notifications, [key]: value };
    if (value === undefined || value === '') delete next[key];
    change(['notifications'], Object.keys(next).length > 0 ? next : undefined);
  };
  const [emailText, setEmailText] = useLineText(emailsLine(notifications.email), (text) => emailsLine(emailsValue(text)));
  // The phone as typed (spaces between its groups too); the draft holds it without the spaces at its ends.
  const [phoneText, setPhoneText] = useLineText(notifications.phone ?? '', (text) => text.trim());
  const emailError = errorAt('notifications.email') ?? firstIndexedError(errorAt, 'notifications.email', notifications.email);
  return (
    <fieldset className="sp-fields">
      <legend className="sp-label">{t('settings.rules.notifications')}</legend>
      <div className="sp-field">
        <label className="sp-label" htmlFor="rules-notify-email">
          {t('settings.rules.notifyEmail')}
        </label>
        <textarea
          id="rules-notify-email"
          value={emailText}
          aria-invalid={emailError ? true : undefined}
          onChange={(event) => {
            setEmailText(event.target.value);
            set('email', emailsValue(event.target.value));
          }}
        />
        <p className="sp-hint">{t('settings.rules.notifyEmailHint')}</p>
        {emailError ? <p className="sp-error">{emailError}</p> : null}
      </div>
      <div className="sp-field">
        <label className="sp-label" htmlFor="rules-notify-phone">
          {t('settings.rules.notifyPhone')}
        </label>
        <input
          id="rules-notify-phone"
          type="tel"
          autoComplete="off"
          value={phoneText}
          placeholder="+33142000000"
          onChange={(event) => {
            setPhoneText(event.target.value);
            set('phone', event.target.value.trim());
          }}
        />
        {errorAt('notifications.phone') ? <p className="sp-error">{errorAt('notifications.phone')}</p> : null}
      </div>
      <div className="sp-field">
        <label className="sp-label" htmlFor="rules-notify-lang">
          {t('settings.rules.notifyLang')}
        </label>
        <select
          id="rules-notify-lang"
          value={notifications.lang ?? ''}
          onChange={(event) => set('lang', (event.target.value || undefined) as Lang | undefined)}
        >
          <option value="">{t('settings.rules.notifyLangDefault')}</option>
          {LANGS.map((lang) => (
            <option key={lang} value={lang}>
              {t(`settings.rules.langs.${lang}`)}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}

/** The server's message about one of several addresses (notifications.email.1), if any. */
function firstIndexedError(errorAt: SectionProps['errorAt'], path: string, value: unknown): string | undefined {
  if (!Array.isArray(value)) return undefined;
  for (let index = 0; index < value.length; index++) {
    const message = errorAt(`${path}.${index}`);
    if (message) return `${String(value[index])}: ${message}`;
  }
  return undefined;
}
