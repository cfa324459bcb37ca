import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { AUTH_MESSAGES, newPasswordProblem } from '#shared/accounts/auth.ts';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { PasswordField } from '#client/components/ui/password-field.tsx';
import { authApi } from '../api/auth-api';
import { errorMessage } from '#client/lib/api-error-text.ts';
import { AuthSubmit } from './auth-submit';

const REDIRECT_DELAY_MS = 2000;

export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => void navigate('/login'), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password || !confirm) return setError('Please fill in both fields');
    const weakness = newPasswordProblem(password);
    if (weakness) return setError(weakness);
    if (password !== confirm) return setError(AUTH_MESSAGES.passwordsDoNotMatch);
    setBusy(true);
    setError(null);
    try {
      setDone(await authApi.resetPassword(token, password));
    } catch (failure) {
      setError(errorMessage(failure, 'Something went wrong.'));
    } finally {
      setBusy(false);
    }
  }

  if (done) return <FormMessage kind="success">{done}</FormMessage>;

  return (
    <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
      <PasswordField
        label="New password"
        name="password"
        autoComplete="new-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <PasswordField
        label="Confirm new password"
        name="confirm"
        autoComplete="new-password"
        required
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
      />
      {error && (
        <FormMessage kind="error">
          <p>{error}</p>
          {error === AUTH_MESSAGES.invalidResetLink && <Link to="/forgot-password">Request a new link</Link>}
        </FormMessage>
      )}
      <AuthSubmit busy={busy} label="Update Password" busyLabel="Updating..." />
    </form>
  );
}
