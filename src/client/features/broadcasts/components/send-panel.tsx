import { useState, type FormEvent } from 'react';
import type { BroadcastDetail } from '#shared/mailing/broadcast-schema.ts';
import { BROADCAST_LIMITS } from '#shared/mailing/broadcasts.ts';
import { FormField } from '#client/components/ui/form-field.tsx';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { useSendBroadcast, useSendTest } from '../api/broadcasts-queries';

/** A draft's last steps: a test to the owner's own address, then the real send at the chosen rate. */
export function SendPanel({ broadcast }: { broadcast: BroadcastDetail }) {
  const test = useSendTest();
  const send = useSendBroadcast();
  const [rate, setRate] = useState(String(broadcast.ratePerMinute));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate({ id: broadcast.id, ratePerMinute: Number(rate) });
  };

  return (
    <section className="broadcast-send" aria-label="Send">
      <h2>Send</h2>
      <p className="button-row">
        <button type="button" className="button" disabled={test.isPending} onClick={() => test.mutate(broadcast.id)}>
          Send a Test to Me
        </button>
      </p>
      {test.data && <FormMessage kind="success">A test went to {test.data.sentTo}.</FormMessage>}
      {test.error && <FormMessage kind="error">{test.error.message}</FormMessage>}
      <form onSubmit={submit} className="admin-form">
        <FormField
          label="Messages per minute"
          type="number"
          inputMode="numeric"
          min={BROADCAST_LIMITS.minRate}
          max={BROADCAST_LIMITS.maxRate}
          required
          value={rate}
          hint="Your mail provider's limit; the list is sent in batches at this pace."
          onChange={(e) => setRate(e.target.value)}
        />
        {send.error && <FormMessage kind="error">{send.error.message}</FormMessage>}
        <p className="button-row">
          <button type="submit" className="button button--primary" disabled={send.isPending}>
            Send to the News List
          </button>
        </p>
      </form>
    </section>
  );
}
