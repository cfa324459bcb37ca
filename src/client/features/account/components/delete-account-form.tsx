import { useState, type FormEvent } from 'react';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { PasswordField } from '#client/components/ui/password-field.tsx';
import { accountApi } from '../api/account-api';
import { fieldErrorsOf } from '../field-errors';

/**
 * Deletes the account once the password is typed (no second dialog: typing it is the confirmation). `onDeleted`
 * gets the server's words; the page signs the browser out and says it is done.
 */
export function DeleteAccountForm({ onDeleted }: { onDeleted: (message: string) => void }) {
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!password) return setFieldError('Enter your password to delete the account');
    setFieldError(undefined);
    setBusy(true);
    try {
      onDeleted(await accountApi.deleteAccount(password));
    } catch (failure) {
      const refused = fieldErrorsOf(failure, 'The account could not be deleted. Please try again.');
      setFieldError(refused.fields.password);
      setError(refused.message);
      setBusy(false);
    }
  }

  return (
    <form className="account-form" onSubmit={(event) => void submit(event)} noValidate>
      <p>
        Your sign-in, sessions and mailing-list consents go, and your orders’ download links stop working. The orders
        themselves and their invoices stay with the store, without your account, for as long as tax law requires.
        Download your data first if you want a copy.
      </p>
      <PasswordField
        label="Password"
        name="deletePassword"
        autoComplete="current-password"
        required
        value={password}
        error={fieldError}
        onChange={(event) => setPassword(event.target.value)}
      />
      {error && (
        <FormMessage kind="error">
          <p>{error}</p>
        </FormMessage>
      )}
      <button type="submit" className="button button--danger" disabled={busy}>
        {busy ? 'Deleting...' : 'Delete my account'}
      </button>
    </form>
  );
}
