import { useState } from 'react';
import { CONSENT_KINDS, CONSENT_WORDING, type ConsentKind } from '#shared/mailing/consent-kinds.ts';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { errorMessage } from '#client/lib/api-error-text.ts';
import { mailingListApi } from '../api/mailing-list-api';

const isKind = (kind: string): kind is ConsentKind => (CONSENT_KINDS as readonly string[]).includes(kind);

/**
 * The unsubscribe link's page: what the address gets, and one button. Opening the page changes nothing (a mail
 * scanner following links must not unsubscribe anyone); the button does, without a sign-in.
 */
export function UnsubscribeView({ email, kind, token }: { email: string; kind: string; token: string }) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);

  async function unsubscribe() {
    setBusy(true);
    try {
      setResult({ kind: 'success', text: await mailingListApi.unsubscribe({ email, kind, token }) });
    } catch (failure) {
      setResult({ kind: 'error', text: errorMessage(failure, 'Unsubscribing failed') });
    } finally {
      setBusy(false);
    }
  }

  if (result?.kind === 'success') return <FormMessage kind="success">{result.text}</FormMessage>;
  return (
    <div className="unsubscribe">
      <p>
        Stop these e-mails to <strong>{email}</strong>:
      </p>
      <p className="unsubscribe__kind">{isKind(kind) ? CONSENT_WORDING[kind] : kind}</p>
      <button type="button" className="button button--primary" disabled={busy} onClick={() => void unsubscribe()}>
        {busy ? 'Unsubscribing...' : 'Unsubscribe'}
      </button>
      {result && <FormMessage kind="error">{result.text}</FormMessage>}
    </div>
  );
}
