import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { emailProblem } from '#shared/accounts/auth.ts';
import { FormField } from '#client/components/ui/form-field.tsx';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { PasswordField } from '#client/components/ui/password-field.tsx';
import { accountApi } from '../api/account-api';
import { ACCOUNT_KEY } from '../api/account-queries';
import { fieldErrorsOf } from '../field-errors';

/** A new address, proven by the link mailed to it; the account keeps the current one until then. */
export function ChangeEmailForm() {
  const queryClient = useQueryClient();
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [result, setResult] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems: Record<string, string> = {};
    const addressProblem = emailProblem(newEmail);
    if (addressProblem) problems.newEmail = addressProblem;
    if (!password) problems.password = 'Enter your current password';
    setFields(problems);
    setResult(null);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      const text = await accountApi.changeEmail(newEmail, password);
      setResult({ kind: 'success', text });
      setPassword('');
      await queryClient.invalidateQueries({ queryKey: ACCOUNT_KEY });
    } catch (failure) {
      const refused = fieldErrorsOf(failure, 'The address could not be changed. Please try again.');
      setFields(refused.fields);
      setResult({ kind: 'error', text: refused.message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="account-form" onSubmit={(event) => void submit(event)} noValidate>
      <FormField
        label="New e-mail address"
        type="email"
        name="newEmail"
        autoComplete="email"
        required
        value={newEmail}
        error={fields.newEmail}
        onChange={(event) => setNewEmail(event.target.value)}
      />
      <PasswordField
        label="Current password"
        name="emailPassword"
        autoComplete="current-password"
        required
        value={password}
        error={fields.password}
        onChange={(event) => setPassword(event.target.value)}
      />
      {result && (
        <FormMessage kind={result.kind}>
          <p>{result.text}</p>
        </FormMessage>
      )}
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? 'Sending...' : 'Send confirmation link'}
      </button>
    </form>
  );
}
