import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { errorMessage } from '#client/lib/api-error-text.ts';
import { accountApi } from '../api/account-api';

/** Follows the link mailed to a new address once: the account moves to it. */
export function ConfirmNewEmailView({ token, onConfirmed }: { token: string; onConfirmed: () => void }) {
  const queryClient = useQueryClient();
  const [result, setResult] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    // The link is single use: StrictMode's second effect run must not spend it twice.
    if (sent.current) return;
    sent.current = true;
    accountApi
      .confirmEmailChange(token)
      .then((text) => {
        setResult({ kind: 'success', text });
        onConfirmed();
        void queryClient.invalidateQueries();
      })
      .catch((failure: unknown) => setResult({ kind: 'error', text: errorMessage(failure, 'Confirmation failed') }));
  }, [token, onConfirmed, queryClient]);

  if (!result) return <p className="muted">Confirming...</p>;
  return (
    <FormMessage kind={result.kind}>
      <p>{result.text}</p>
      <p>
        <Link to="/account">Go to your account</Link>
      </p>
    </FormMessage>
  );
}
