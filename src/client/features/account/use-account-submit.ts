import { useState } from 'react';
import { fieldErrorsOf } from './field-errors';

export type FormResult = { kind: 'error' | 'success'; text: string } | null;

/**
 * What every form of the account page does with a submit: checks in the browser first (problems by field), then
 * the request, busy meanwhile, and the server's refusal shown by field and as a message.
 */
export function useAccountSubmit(failureText: string) {
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [result, setResult] = useState<FormResult>(null);

  /** Runs `send` unless `problems` names a field; `send` answers the success message. */
  async function submit(problems: Record<string, string>, send: () => Promise<string>): Promise<void> {
    setFields(problems);
    setResult(null);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      setResult({ kind: 'success', text: await send() });
    } catch (failure) {
      const refused = fieldErrorsOf(failure, failureText);
      setFields(refused.fields);
      setResult({ kind: 'error', text: refused.message });
    } finally {
      setBusy(false);
    }
  }

  return { busy, fields, result, submit };
}
