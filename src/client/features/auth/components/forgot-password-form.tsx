import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { emailProblem } from '#shared/auth.ts';
import { FormField } from '#client/components/ui/form-field.tsx';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { authApi } from '../api/auth-api';
import { errorMessage } from '#client/lib/api-error-text.ts';

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
      <FormField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      {result && <FormMessage kind={result.kind}>{result.text}</FormMessage>}
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        {busy ? 'Sending...' : 'Send Reset Link'}
      </button>
      <p className="auth-form__links">
        <Link to="/login">Back to Sign In</Link>
      </p>
    </form>
  );
}
