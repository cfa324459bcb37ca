import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { AUTH_MESSAGES } from '#shared/accounts/auth.ts';
import { FormField } from '#client/components/ui/form-field.tsx';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { authApi } from '../api/auth-api';
import { useAuth } from '../auth-provider';
import { withRedirect } from '../redirect-link';
import { errorMessage } from '#client/lib/api-error-text.ts';
import { EmailField } from '#client/components/ui/email-field.tsx';
import { AuthSubmit } from './auth-submit';

export function SignInForm({ redirect, onSignedIn }: { redirect: string; onSignedIn: () => void }) {
  const { signIn } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setNotice(null);
    if (!email.trim() || !password) return setError(AUTH_MESSAGES.missingCredentials);
    setBusy(true);
    try {
      await signIn(email, password);
      onSignedIn();
    } catch (failure) {
      setError(errorMessage(failure, 'Login failed'));
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    try {
      setNotice(await authApi.resendConfirmation(email));
      setError(null);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'Could not send the link. Please try again.');
    }
  }

  return (
    <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
      <EmailField value={email} onChange={(e) => setEmail(e.target.value)} />
      <FormField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {error && (
        <FormMessage kind="error">
          <p>{error}</p>
          {error === AUTH_MESSAGES.emailNotConfirmed && (
            <button type="button" className="button button--link" onClick={() => void resend()}>
              Send the confirmation link again
            </button>
          )}
        </FormMessage>
      )}
      {notice && <FormMessage kind="success">{notice}</FormMessage>}
      <AuthSubmit busy={busy} label="Sign In" busyLabel="Signing in..." />
      <p className="auth-form__links">
        <Link to={withRedirect('/forgot-password', redirect)}>Forgot your password?</Link>
        <span>
          No account yet? <Link to={withRedirect('/register', redirect)}>Create one</Link>
        </span>
      </p>
    </form>
  );
}
