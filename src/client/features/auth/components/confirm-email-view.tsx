import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { authApi } from '../api/auth-api';
import { errorMessage } from '#client/lib/api-error-text.ts';

const REDIRECT_DELAY_MS = 2000;

/** Confirms the address from the e-mailed link once, then sends the customer on to sign in. */
export function ConfirmEmailView({ token }: { token: string }) {
  const navigate = useNavigate();
  const [result, setResult] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    // The link is single use: StrictMode's second effect run must not spend it twice.
    if (sent.current) return;
    sent.current = true;
    authApi
      .confirm(token)
      .then((text) => setResult({ kind: 'success', text }))
      .catch((failure: unknown) => setResult({ kind: 'error', text: errorMessage(failure, 'Confirmation failed') }));
  }, [token]);

  useEffect(() => {
    if (result?.kind !== 'success') return;
    const timer = window.setTimeout(() => void navigate('/login'), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [result, navigate]);

  if (!result) return <p className="muted">Loading...</p>;
  return (
    <FormMessage kind={result.kind}>
      <p>{result.text}</p>
      {result.kind === 'error' && (
        <p>
          Sign in to have a new link sent: <Link to="/login">Sign In</Link>
        </p>
      )}
    </FormMessage>
  );
}
