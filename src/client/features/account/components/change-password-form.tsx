import { useState, type FormEvent } from 'react';
import { AUTH_MESSAGES, newPasswordProblem } from '#shared/accounts/auth.ts';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { PasswordField } from '#client/components/ui/password-field.tsx';
import { accountApi } from '../api/account-api';
import { useAccountSubmit } from '../use-account-submit';

/** The current password, then the new one twice (sign-up's rules); other sessions end, this one stays. */
export function ChangePasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const {
    busy,
    fields,
    result,
    submit: send,
  } = useAccountSubmit('The password could not be changed. Please try again.');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!current) problems.currentPassword = 'Enter your current password';
    const weakness = newPasswordProblem(next);
    if (weakness) problems.newPassword = weakness;
    else if (next !== repeat) problems.repeat = AUTH_MESSAGES.passwordsDoNotMatch;
    await send(problems, async () => {
      const text = await accountApi.changePassword(current, next);
      setCurrent('');
      setNext('');
      setRepeat('');
      return text;
    });
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
