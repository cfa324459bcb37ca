import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { emailProblem } from '#shared/accounts/auth.ts';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { authApi } from '../api/auth-api';
import { errorMessage } from '#client/lib/api-error-text.ts';
import { EmailField } from '#client/components/ui/email-field.tsx';
import { AuthSubmit } from './auth-submit';

export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = emailProblem(email);
    if (problem) return setResult({ kind: 'error', text: problem });
    setBusy(true);
    setResult(null);
    try {
      setResult({ kind: 'success', text: await authApi.forgotPassword(email.trim()) });
    } catch (failure) {
      setResult({ kind: 'error', text: errorMessage(failure, 'Something went wrong.') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
      <EmailField value={email} onChange={(e) => setEmail(e.target.value)} />
      {result && <FormMessage kind={result.kind}>{result.text}</FormMessage>}
      <AuthSubmit busy={busy} label="Send Reset Link" busyLabel="Sending..." />
      <p className="auth-form__links">
        <Link to="/login">Back to Sign In</Link>
      </p>
    </form>
  );
}
