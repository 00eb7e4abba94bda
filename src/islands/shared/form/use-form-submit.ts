/** useFormSubmit(): a form's submit (spec sections 4 and 5), the diner's and the staff's: its rules, then the call, then the next page or what went wrong. */
import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { errorMessage } from '../../../i18n/i18n.ts';
import { firstInvalidField, isClean, serverFieldErrors, type FormErrors } from '../../../lib/forms/auth-form-rules.ts';
import { navigate } from '../../../lib/navigation/navigate.ts';
import type { Failure } from '../../../shared/api/outcome.ts';
import { useTranslation } from '../use-translation.ts';
import { focusField } from './focus-field.ts';
import { useTypedBeforeHydration, type EarlyControls } from '../use-typed-before-hydration.ts';

/** A failed call: the Outcome's Failure and the server's messages by field name. */
export interface SubmitFailure extends Failure {
  errors?: Record<string, unknown>;
}

/** What a form's call answers: the page to open next, done in place (no `to`), or a failure. */
export type SubmitOutcome = { ok: true; to?: string } | SubmitFailure;

/** How a form submits. */
export interface FormSubmitOptions<Field extends string> {
  /** The form's fields in screen order: after a failure the first one in error gets the focus. */
  fields: readonly Field[];
  /** Each field's control id. */
  ids: Record<Field, string>;
  /** The form's own rules, checked before anything is sent. */
  validate: () => FormErrors<Field>;
  /** The call: a store action's outcome, or one shaped like it. */
  send: () => Promise<SubmitOutcome>;
  /** The field errors a failure shows; by default the server's message of each field. None: the failure shows in the alert. */
  fieldErrors?: (failure: SubmitFailure) => FormErrors<Field>;
  /** The controls whose input typed before hydration the form keeps (see useTypedBeforeHydration). */
  early?: EarlyControls;
  /** False while the form lacks what sending needs: a submit then does nothing. */
  ready?: boolean;
  /** The alert's text for a failure; by default the error catalogue's message of its code. */
  failureText?: (failure: SubmitFailure) => string;
}

/** What the form draws from. */
export interface FormSubmit<Field extends string> {
  /** For the form element: where early input is looked for. */
  form: RefObject<HTMLFormElement | null>;
  /** The form's onSubmit. */
  submit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  /** The call runs, or its next page opens. */
  pending: boolean;
  /** The call succeeded without leaving the page. */
  done: boolean;
  errors: FormErrors<Field>;
  /** The alert's message, in the language of the moment it failed. */
  failure: string | null;
}

/** The submit, pending state, outcome and errors of one form. */
export function useFormSubmit<Field extends string>({
  fields,
  ids,
  validate,
  send,
  fieldErrors = (failure) => serverFieldErrors(failure.errors, fields),
  early = {},
  ready = true,
  failureText,
}: FormSubmitOptions<Field>): FormSubmit<Field> {
  const { lang } = useTranslation();
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const [status, setStatus] = useState<'idle' | 'pending' | 'done'>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  // The form is in the page before its code: keystrokes typed meanwhile are kept.
  useTypedBeforeHydration(form, early);

  const fail = (found: FormErrors<Field>) => {
    setErrors(found);
    const first = firstInvalidField(found, fields);
    focusField(first && ids[first]);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === 'pending' || !ready) return;
    setFailure(null);
    const found = validate();
    if (!isClean(found)) {
      setStatus('idle');
      fail(found);
      return;
    }
    setErrors({});
    setStatus('pending');
    const outcome = await send();
    if (outcome.ok) {
      // Stays pending while the next page opens.
      if (outcome.to !== undefined) navigate(outcome.to);
      else setStatus('done');
      return;
    }
    setStatus('idle');
    const fromServer = fieldErrors(outcome);
    if (isClean(fromServer)) setFailure(failureText ? failureText(outcome) : errorMessage(lang, outcome.code));
    else fail(fromServer);
  };

  return { form, submit, pending: status === 'pending', done: status === 'done', errors, failure };
}
