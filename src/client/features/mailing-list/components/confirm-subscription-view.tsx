import { useEffect, useRef, useState } from 'react';
import { CONSENT_WORDING } from '#shared/mailing/consent-kinds.ts';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { errorMessage } from '#client/lib/api-error-text.ts';
import { mailingListApi } from '../api/mailing-list-api';

/** Follows the confirming link once and says what was confirmed, in the words agreed to. */
export function ConfirmSubscriptionView({ token }: { token: string }) {
  const [result, setResult] = useState<
    { kind: 'success'; text: string; lines: string[] } | { kind: 'error'; text: string } | null
  >(null);
  const sent = useRef(false);

  useEffect(() => {
    // The link works once: StrictMode's second effect run must not spend it twice.
    if (sent.current) return;
    sent.current = true;
    mailingListApi
      .confirm(token)
      .then((answer) =>
        setResult({ kind: 'success', text: answer.message, lines: answer.kinds.map((kind) => CONSENT_WORDING[kind]) }),
      )
      .catch((failure: unknown) => setResult({ kind: 'error', text: errorMessage(failure, 'Confirmation failed') }));
  }, [token]);

  if (!result) return <p className="muted">Confirming...</p>;
  return (
    <FormMessage kind={result.kind}>
      <p>{result.text}</p>
      {result.kind === 'success' && (
        <ul>
          {result.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </FormMessage>
  );
}
