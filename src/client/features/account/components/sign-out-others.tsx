import { useState } from 'react';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { errorMessage } from '#client/lib/api-error-text.ts';
import { accountApi } from '../api/account-api';

/** Ends every session of the account but this browser's: a phone left signed in, a shared computer. */
export function SignOutOthers() {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);

  async function endOthers() {
    setBusy(true);
    setResult(null);
    try {
      const { message, ended } = await accountApi.signOutOthers();
      setResult({ kind: 'success', text: `${message} (${ended === 1 ? '1 session' : `${ended} sessions`})` });
    } catch (failure) {
      setResult({ kind: 'error', text: errorMessage(failure, 'The other sessions could not be ended.') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="account-form">
      <p className="muted">Signed in on another device you no longer use? End every session but this one.</p>
      {result && (
        <FormMessage kind={result.kind}>
          <p>{result.text}</p>
        </FormMessage>
      )}
      <button type="button" className="button" disabled={busy} onClick={() => void endOthers()}>
        {busy ? 'Signing out...' : 'Sign out everywhere else'}
      </button>
    </div>
  );
}
