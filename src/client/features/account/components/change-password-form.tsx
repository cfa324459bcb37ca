import { useState, type FormEvent } from 'react';
import { AUTH_MESSAGES, newPasswordProblem } from '#shared/accounts/auth.ts';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { PasswordField } from '#client/components/ui/password-field.tsx';
import { accountApi } from '../api/account-api';
import { fieldErrorsOf } from '../field-errors';

/** The current password, then the new one twice (sign-up's rules); other sessions end, this one stays. */
export function ChangePasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [result, setResult] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!current) problems.currentPassword = 'Enter your current password';
    const weakness = newPasswordProblem(next);
    if (weakness) problems.newPassword = weakness;
    else if (next !== repeat) problems.repeat = AUTH_MESSAGES.passwordsDoNotMatch;
    setFields(problems);
    setResult(null);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      setResult({ kind: 'success', text: await accountApi.changePassword(current, next) });
      setCurrent('');
      setNext('');
      setRepeat('');
    } catch (failure) {
      const refused = fieldErrorsOf(failure, 'The password could not be changed. Please try again.');
      setFields(refused.fields);
      setResult({ kind: 'error', text: refused.message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="account-form" onSubmit={(event) => void submit(event)} noValidate>
      <PasswordField
        label="Current password"
        name="currentPassword"
        autoComplete="current-password"
        required
        value={current}
        error={fields.currentPassword}
        onChange={(event) => setCurrent(event.target.value)}
      />
      <PasswordField
        label="New password"
        name="newPassword"
        autoComplete="new-password"
        required
        value={next}
        error={fields.newPassword}
        onChange={(event) => setNext(event.target.value)}
      />
      <PasswordField
        label="Repeat the new password"
        name="repeatPassword"
        autoComplete="new-password"
        required
        value={repeat}
        error={fields.repeat}
        onChange={(event) => setRepeat(event.target.value)}
      />
      {result && (
        <FormMessage kind={result.kind}>
          <p>{result.text}</p>
        </FormMessage>
      )}
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? 'Changing...' : 'Change password'}
      </button>
    </form>
  );
}
