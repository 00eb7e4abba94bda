/**
 * The phone widget (spec sections 3, 4, 5 and 9): a country dropdown with flags and dial codes beside a tel input,
 * reporting {country, countryCode, formatted, valid, possible, nationalNumber} on every change.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { buildCountryLookupUrl } from '../../../lib/platform/build-env.ts';
import { allCountries, findCountry, flagEmoji, orderCountries, type PhoneCountry } from '../../../lib/phone/countries.ts';
import { fallbackCountry, lookupCountry, startingCountry } from '../../../lib/phone/country-lookup.ts';
import { dropdownKeyAction, dropdownPlacement, movedIndex } from '../../../lib/phone/dropdown.ts';
import {
  DEFAULT_PHONE_COUNTRY,
  isInternationalText,
  normalizeMode,
  PHONE_INPUT_MAX_LENGTH,
  PHONE_PLACEHOLDER,
  phoneValue,
  textForCountry,
  type PhoneMode,
  type PhoneValue,
} from '../../../lib/phone/phone-value.ts';
import { createTypeToFind } from '../../../lib/phone/type-to-find.ts';
import LangText from '../../shared/LangText.tsx';
import './phone-input.css';
import { useHydrated } from '../../shared/use-hydrated.ts';
import { typedValue } from '../../shared/use-typed-before-hydration.ts';
import { useTranslation } from '../../shared/use-translation.ts';

/** The widget's settings. */
export interface PhoneInputProps {
  /** The tel input's id (its <label for>). */
  id: string;
  /** The text typed. */
  value: string;
  /** Every change of the text or the country, with the widget's judgement of the number. */
  onChange: (text: string, value: PhoneValue) => void;
  /** auto (international when the text starts with +), national or international; anything else logs an error and means international. */
  mode?: PhoneMode | string;
  /** The starting country when the text does not name one (default fr); an unknown code throws 'Unknown country'. */
  defaultCountry?: string;
  /** Countries listed first, in this order. */
  preferredCountries?: readonly string[];
  /** Only these countries are offered (a number of any other is invalid). */
  onlyCountries?: readonly string[];
  /** These countries are not offered. */
  ignoredCountries?: readonly string[];
  placeholder?: string;
  /** The country control's name (default: "Pays" in the diner's language). */
  countryLabel?: ReactNode;
  /** The IP-to-country service (default PUBLIC_COUNTRY_LOOKUP_URL; none: no lookup). */
  lookupUrl?: string;
  disabled?: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

/** The country dropdown and the number input, side by side in one box. */
export default function PhoneInput(props: PhoneInputProps) {
  const {
    id,
    value,
    onChange,
    mode = 'auto',
    defaultCountry = DEFAULT_PHONE_COUNTRY,
    preferredCountries,
    onlyCountries,
    ignoredCountries,
    placeholder = PHONE_PLACEHOLDER,
    countryLabel,
    lookupUrl = buildCountryLookupUrl(),
    disabled = false,
  } = props;
  const { lang, t } = useTranslation();
  const hydrated = useHydrated();
  const uid = useId();
  const labelId = `${uid}-country-label`;
  const valueId = `${uid}-country-value`;
  const listId = `${uid}-countries`;
  const optionId = (index: number) => `${uid}-country-${index}`;

  const safeMode = useMemo(() => normalizeMode(mode), [mode]);
  const filterKey = JSON.stringify([onlyCountries ?? [], ignoredCountries ?? [], preferredCountries ?? []]);
  // Names follow the diner's language once hydrated; the build-time render shows only flag and dial code.
  const namesLang = hydrated ? lang : 'fr';
  const { preferred, options } = useMemo(() => {
    const ordered = orderCountries(allCountries(namesLang), { onlyCountries, ignoredCountries, preferredCountries });
    return { preferred: ordered.preferred, options: [...ordered.preferred, ...ordered.others] };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- deliberately partial dependencies: filterKey stands for the three lists.
  }, [namesLang, filterKey]);

  const [iso2, setIso2] = useState<string | null>(() => (startingCountry(value, defaultCountry, options) ?? fallbackCountry(preferred, options))?.iso2 ?? null);
  const country = findCountry(options, iso2) ?? null;
  const judge = (text: string, entry: PhoneCountry | null) => phoneValue(text, entry, { mode: safeMode, allowed: options });
  const current = judge(value, country);

  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [placement, setPlacement] = useState<'below' | 'above'>('below');
  const countryRef = useRef<HTMLDivElement>(null);
  const comboRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const finder = useRef(createTypeToFind());
  // Once the diner chose a country (or typed an international number), a late lookup must not override it.
  const chosen = useRef(false);
  const latest = useRef({ onChange, value, judge });
  latest.current = { onChange, value, judge };

  // The form learns the value for every country the widget settles on, the first one included.
  useEffect(() => {
    const { onChange: report, value: text, judge: check } = latest.current;
    report(text, check(text, findCountry(options, iso2) ?? null));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- deliberately partial dependencies: only a new country re-reports.
  }, [iso2]);

  useEffect(() => {
    if (!lookupUrl || isInternationalText(value)) return;
    let live = true;
    void lookupCountry({ url: lookupUrl, allowed: options, preferred }).then((found) => {
      if (live && found && !chosen.current) setIso2(found.iso2);
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- deliberately partial dependencies: looked up once, on mount.
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!countryRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  useEffect(() => {
    if (open && activeIndex >= 0) document.getElementById(optionId(activeIndex))?.scrollIntoView({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- deliberately partial dependencies: optionId is derived from the stable uid.
  }, [open, activeIndex]);

  const openList = (move: 'selected' | 'first' | 'last') => {
    const rect = comboRef.current?.getBoundingClientRect();
    setPlacement(dropdownPlacement(rect ? globalThis.innerHeight - rect.bottom : Number.POSITIVE_INFINITY));
    const selected = options.findIndex((entry) => entry.iso2 === iso2);
    setActiveIndex(move === 'first' ? 0 : move === 'last' ? options.length - 1 : Math.max(0, selected));
    setOpen(true);
  };

  const pick = (entry: PhoneCountry) => {
    chosen.current = true;
    const text = textForCountry(value, current, entry);
    setOpen(false);
    setIso2(entry.iso2);
    if (text !== value) onChange(text, judge(text, entry));
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || disabled) return;
    const action = dropdownKeyAction(event.key, open);
    switch (action.type) {
      case 'open':
        event.preventDefault();
        openList(action.move);
        return;
      case 'move':
        event.preventDefault();
        setActiveIndex((index) => movedIndex(index, action.by, options.length));
        return;
      case 'moveTo':
        event.preventDefault();
        setActiveIndex(action.to === 'first' ? 0 : options.length - 1);
        return;
      case 'pick': {
        event.preventDefault();
        const entry = options[activeIndex];
        if (entry) pick(entry);
        else setOpen(false);
        return;
      }
      case 'close':
        // Tab keeps its default: focus moves on while the list closes.
        if (action.refocus) event.preventDefault();
        setOpen(false);
        return;
      case 'find': {
        event.preventDefault();
        const index = finder.current.type(
          action.character,
          options.map((entry) => entry.name),
          Date.now(),
        );
        if (index < 0) return;
        if (!open) openList('selected');
        setActiveIndex(index);
        return;
      }
      case 'none':
        return;
    }
  };

  const onInput = (raw: string) => {
    const text = raw.slice(0, PHONE_INPUT_MAX_LENGTH);
    let entry = country;
    if (isInternationalText(text)) {
      const fromNumber = findCountry(options, parsePhoneNumberFromString(text.trim())?.country);
      if (fromNumber && fromNumber.iso2 !== iso2) {
        chosen.current = true;
        entry = fromNumber;
        setIso2(fromNumber.iso2);
      }
    }
    onChange(text, judge(text, entry));
  };

  const onBlur = () => {
    // A valid number is rewritten in the mode's format once the diner leaves the field.
    if (current.valid && current.formatted !== value) onChange(current.formatted, judge(current.formatted, country));
  };

  // A number typed before the island hydrated is taken as if typed now (React would write the empty value back at the
  // next render); the report of the first country below then carries it too.
  useLayoutEffect(() => {
    const typed = inputRef.current ? typedValue(inputRef.current) : undefined;
    if (typed === undefined) return;
    latest.current.value = typed;
    onInput(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- deliberately once: only the hydrating render can find text the form does not hold.
  }, []);

  const lastPreferred = preferred.length - 1;
  return (
    <div className={`ph${disabled ? ' ph-disabled' : ''}${props['aria-invalid'] ? ' ph-invalid' : ''}`}>
      <div className="ph-country-box" ref={countryRef}>
        <span id={labelId} className="visually-hidden">
          {countryLabel ?? <LangText k="phone.country" />}
        </span>
        <div
          ref={comboRef}
          className="ph-country"
          role="combobox"
          tabIndex={disabled ? -1 : 0}
          aria-haspopup="listbox"
          aria-expanded={open}
          aria-controls={listId}
          aria-labelledby={`${labelId} ${valueId}`}
          aria-activedescendant={open && activeIndex >= 0 ? optionId(activeIndex) : undefined}
          aria-disabled={disabled || undefined}
          onClick={() => (disabled ? undefined : open ? setOpen(false) : openList('selected'))}
          onKeyDown={onKeyDown}
        >
          <span className="ph-flag" aria-hidden="true">
            {country ? flagEmoji(country.iso2) : ''}
          </span>
          <span className="ph-dial" aria-hidden="true">
            {country ? `+${country.dialCode}` : ''}
          </span>
          <span className="ph-caret" aria-hidden="true" />
          <span id={valueId} className="visually-hidden">
            {hydrated && country ? t('phone.countryOf', { name: country.name, dialCode: country.dialCode }) : ''}
          </span>
        </div>
        <ul id={listId} role="listbox" aria-labelledby={labelId} className={`ph-list ph-list-${placement}`} hidden={!open}>
          {open
            ? options.map((entry, index) => (
                // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the keys go to the combobox, which points at the option (aria-activedescendant)
                <li
                  key={entry.iso2}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === activeIndex}
                  className={`ph-option${index === activeIndex ? ' ph-option-active' : ''}${entry.iso2 === iso2 ? ' ph-option-current' : ''}${index === lastPreferred ? ' ph-option-last-preferred' : ''}`}
                  // The combobox keeps focus: a click must not blur it.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => (index === activeIndex ? undefined : setActiveIndex(index))}
                  onClick={() => pick(entry)}
                >
                  <span className="ph-flag" aria-hidden="true">
                    {flagEmoji(entry.iso2)}
                  </span>
                  <span className="ph-name">{entry.name}</span>
                  <span className="ph-option-dial">+{entry.dialCode}</span>
                </li>
              ))
            : null}
        </ul>
      </div>
      <input
        ref={inputRef}
        id={id}
        className="ph-input"
        type="tel"
        name="telephone"
        inputMode="tel"
        autoComplete="tel"
        maxLength={PHONE_INPUT_MAX_LENGTH}
        placeholder={hydrated ? placeholder : undefined}
        value={value}
        disabled={disabled}
        aria-invalid={props['aria-invalid']}
        aria-describedby={props['aria-describedby']}
        aria-required={props['aria-required']}
        onChange={(event) => onInput(event.target.value)}
        onBlur={onBlur}
      />
    </div>
  );
}
