import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { emailProblem } from '#shared/accounts/auth.ts';
import { FormField } from '#client/components/ui/form-field.tsx';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { PasswordField } from '#client/components/ui/password-field.tsx';
import { accountApi } from '../api/account-api';
import { ACCOUNT_KEY } from '../api/account-queries';
import { useAccountSubmit } from '../use-account-submit';

/** A new address, proven by the link mailed to it; the account keeps the current one until then. */
export function ChangeEmailForm() {
  const queryClient = useQueryClient();
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const {
    busy,
    fields,
    result,
    submit: send,
  } = useAccountSubmit('The address could not be changed. Please try again.');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems: Record<string, string> = {};
    const addressProblem = emailProblem(newEmail);
    if (addressProblem) problems.newEmail = addressProblem;
    if (!password) problems.password = 'Enter your current password';
    await send(problems, async () => {
      const text = await accountApi.changeEmail(newEmail, password);
      setPassword('');
      await queryClient.invalidateQueries({ queryKey: ACCOUNT_KEY });
      return text;
    });
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
