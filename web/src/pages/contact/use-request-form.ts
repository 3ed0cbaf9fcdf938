/**
 * The state and submit logic shared by the contact and estimate forms: browser-side validation with the
 * server's schema, focus on the first invalid field, the call, and field errors from its answer. Signed in, the
 * request goes as `submitSupportRequest`, which names the account (a Professional customer's is priority support);
 * signed out, or when the session turns out to have ended, as `submitContact`.
 */
import { useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { CallError } from '@mapnest/shared/errors';
import type { SubmitContactInput } from '@mapnest/shared/contact';
import { call } from '../../lib/api';
import { sessionAtom, type SessionUser } from '../../state/session';
import {
  callErrorMessage,
  fieldErrorsFromCallError,
  fieldErrorsFromIssues,
  focusFirstInvalid,
  type FieldErrors,
} from './form-errors';

interface RequestSchema {
  safeParse(
    data: unknown,
  ):
    | { success: true; data: SubmitContactInput }
    | { success: false; error: { issues: Parameters<typeof fieldErrorsFromIssues>[0] } };
}

/** The form's name and email, where still empty, as the signed-in account's (the request names the account anyway). */
const withAccount = <V extends { name: string; email: string }>(values: V, user: SessionUser | null): V =>
  user ? { ...values, name: values.name || user.displayName || '', email: values.email || user.email || '' } : values;

export function useRequestForm<V extends Record<string, unknown> & { name: string; email: string }>(opts: {
  kind: SubmitContactInput['kind'];
  initial: V;
  schema: RequestSchema;
  fieldOrder: readonly string[];
}) {
  const user = useAtomValue(sessionAtom).user;
  const signedIn = user !== null;
  // Signed in, the name and email start as the account's; the visitor can change them. A session known only after
  // the first render fills what is still empty, as it arrives (state adjusted while rendering, not in an effect).
  const [values, setValues] = useState(() => withAccount(opts.initial, user));
  const [filledFor, setFilledFor] = useState(user?.uid ?? null);
  if ((user?.uid ?? null) !== filledFor) {
    setFilledFor(user?.uid ?? null);
    setValues((v) => withAccount(v, user));
  }
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<{ name: string; email: string } | null>(null);

  const set = <K extends keyof V>(key: K, value: V[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key as string]) setErrors(({ [key as string]: _, ...rest }) => rest);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    setFormError(null);
    const parsed = opts.schema.safeParse({ kind: opts.kind, ...values });
    if (!parsed.success) {
      const found = fieldErrorsFromIssues(parsed.error.issues);
      setErrors(found);
      focusFirstInvalid(form, found, opts.fieldOrder);
      return;
    }
    setErrors({});
    setSending(true);
    try {
      await send(parsed.data, signedIn);
      setSent({ name: parsed.data.name, email: parsed.data.email });
    } catch (err) {
      const fields = fieldErrorsFromCallError(err);
      if (fields) setErrors(fields);
      setFormError(callErrorMessage(err));
    } finally {
      setSending(false);
    }
  };

  return { values, set, errors, formError, sending, sent, submit };
}

/**
 * Sends a request signed in when the page believes it is (refused before anything is stored when the session has
 * ended, and then sent as anyone's), else as anyone's.
 */
async function send(data: SubmitContactInput, signedIn: boolean): Promise<void> {
  if (signedIn) {
    try {
      await call('submitSupportRequest', data);
      return;
    } catch (err) {
      if (!(err instanceof CallError && err.code === 'unauthenticated')) throw err;
    }
  }
  await call('submitContact', data);
}
