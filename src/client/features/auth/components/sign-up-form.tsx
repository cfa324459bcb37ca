import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { AUTH_MESSAGES, emailProblem, newPasswordProblem, PASSWORD_MIN_LENGTH } from '#shared/accounts/auth.ts';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { PasswordField } from '#client/components/ui/password-field.tsx';
import { authApi } from '../api/auth-api';
import { withRedirect } from '../redirect-link';
import { errorMessage } from '#client/lib/api-error-text.ts';
import { EmailField } from '#client/components/ui/email-field.tsx';
import { AuthSubmit } from './auth-submit';
import { CONSENT_KINDS, type ConsentKind } from '#shared/mailing/consent-kinds.ts';
import { ConsentBoxes } from '#client/components/ui/consent-boxes.tsx';

export function SignUpForm({ redirect }: { redirect: string }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [listConsents, setListConsents] = useState<ConsentKind[]>([]);
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!email.trim() || !password) return setError(AUTH_MESSAGES.missingCredentials);
    const problems = { email: emailProblem(email) ?? undefined, password: newPasswordProblem(password) ?? undefined };
    if (problems.email || problems.password) return setFieldErrors(problems);
    setFieldErrors({});
    setBusy(true);
    try {
      setDone(await authApi.signUp(email.trim(), password, listConsents));
    } catch (failure) {
      setError(errorMessage(failure, 'Registration failed'));
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <div className="auth-form">
        <FormMessage kind="success">
          <p>{done}</p>
          <p>Once you have clicked the link in that e-mail, sign in to continue.</p>
        </FormMessage>
        <Link className="button button--primary button--block" to={withRedirect('/login', redirect)}>
          Go to Sign In
        </Link>
      </div>
    );
  }

  return (
    <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
      <EmailField value={email} error={fieldErrors.email} onChange={(e) => setEmail(e.target.value)} />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters. A few words make a strong, memorable password.`}
        value={password}
        error={fieldErrors.password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <ConsentBoxes kinds={CONSENT_KINDS} value={listConsents} onChange={setListConsents} />
      {error && <FormMessage kind="error">{error}</FormMessage>}
      <AuthSubmit busy={busy} label="Sign Up" busyLabel="Signing up..." />
      <p className="auth-form__links">
        <span>
          Already have an account? <Link to={withRedirect('/login', redirect)}>Sign in</Link>
        </span>
      </p>
    </form>
  );
}
