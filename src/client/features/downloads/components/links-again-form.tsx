import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { EmailField } from '#client/components/ui/email-field.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { sendLinksAgain } from '../api/downloads-api';

/**
 * The downloads page for a signed-out visitor when the store sells to guests: their orders' links sent again to the
 * address they bought with (the server says the same whether or not it has orders), or signing in.
 */
export function LinksAgainForm() {
  const [email, setEmail] = useState('');
  const send = useMutation({ mutationFn: (address: string) => sendLinksAgain(address) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim()) send.mutate(email.trim());
  };
  const problem = send.error instanceof ApiError ? send.error.message : send.error ? 'Please try again.' : undefined;
  return (
    <section className="links-again checkout-card" aria-labelledby="links-again-heading">
      <h2 id="links-again-heading">Bought as a guest?</h2>
      <p className="muted">Type the e-mail address you bought with: we send a link to each of your orders there.</p>
      <form onSubmit={submit} noValidate className="links-again__form">
        <EmailField value={email} error={problem} onChange={(e) => setEmail(e.target.value)} />
        <button type="submit" className="button button--primary" disabled={send.isPending}>
          Send me my links again
        </button>
      </form>
      {send.data && (
        <p className="notice links-again__sent" role="status">
          {send.data.message}
        </p>
      )}
      <p className="links-again__account">
        Have an account? <Link to={`/login?redirect=${encodeURIComponent('/downloads')}`}>Sign in</Link> to see your
        library.
      </p>
    </section>
  );
}
