import { useId, useState, type FormEvent } from 'react';
import { emailProblem } from '#shared/accounts/auth.ts';
import type { ConsentKind } from '#shared/mailing/consent-kinds.ts';
import { MAILING_LIST_MESSAGES } from '#shared/mailing/mailing-list.ts';
import { ConsentBoxes } from '#client/components/ui/consent-boxes.tsx';
import { errorMessage } from '#client/lib/api-error-text.ts';
import { mailingListApi } from '../api/mailing-list-api';

/** What the footer offers: the shop's news and new artworks (reminders and review requests are asked where they apply). */
const FOOTER_KINDS = ['news', 'new-art'] as const satisfies readonly ConsentKind[];

/** The footer's sign-up form: an address and the boxes, for anyone, signed in or not; confirmed by e-mail. */
export function FooterSubscribe() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [kinds, setKinds] = useState<ConsentKind[]>([]);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = emailProblem(email) ?? (kinds.length === 0 ? MAILING_LIST_MESSAGES.nothingAsked : null);
    if (problem) return setResult({ kind: 'error', text: problem });
    setBusy(true);
    setResult(null);
    try {
      setResult({ kind: 'success', text: await mailingListApi.subscribe(email.trim(), kinds) });
      setEmail('');
      setKinds([]);
    } catch (failure) {
      setResult({ kind: 'error', text: errorMessage(failure, 'Subscribing failed') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="footer-subscribe"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>Newsletter</h2>
      <label className="footer-subscribe__label" htmlFor={`${id}-email`}>
        E-mail address
      </label>
      <div className="footer-subscribe__row">
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          aria-invalid={result?.kind === 'error' && emailProblem(email) !== null ? true : undefined}
          aria-describedby={result ? `${id}-result` : undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Subscribing...' : 'Subscribe'}
        </button>
      </div>
      <ConsentBoxes kinds={FOOTER_KINDS} value={kinds} onChange={setKinds} legend="Send me" name="footer-kinds" />
      <p
        id={`${id}-result`}
        className={`footer-subscribe__result footer-subscribe__result--${result?.kind ?? 'none'}`}
        role="status"
      >
        {result?.text}
      </p>
    </form>
  );
}
