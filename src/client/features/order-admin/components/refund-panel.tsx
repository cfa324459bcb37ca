import { useState } from 'react';
import type { AdminOrderDetail } from '#shared/orders/owner-orders-schema.ts';
import { canRefund } from '#shared/orders/order-lifecycle.ts';
import { FREE_ORDER_MESSAGES, FREE_ORDER_PROVIDER } from '#shared/orders/free-order.ts';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { ORDER_STATUS_LABELS } from '#client/components/ui/order-status-badge.tsx';
import { errorMessage } from '#client/lib/api-error-text.ts';
import { orderMoney } from '#client/lib/order-money.ts';
import { useRefundOrder } from '../api/order-admin-mutations';
import { parseRefundAmount } from '../refund-amount';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';

/** A refund waiting for the owner's confirmation: undefined cents is everything that is left. */
type Pending = { cents: number | undefined; shown: string; requestId: string } | null;

/**
 * The owner's Refund: all that is left or an amount, through the payment provider, after a confirm dialog. A full
 * refund ends the buyer's downloads at once; a partial one keeps them (decision 0022). The buyer is e-mailed.
 */
export function RefundPanel({ order }: { order: AdminOrderDetail }) {
  const { formatCents, currency, code } = orderMoney(order.currency);
  const refund = useRefundOrder();
  const left = order.amount - order.refunded;
  const [mode, setMode] = useState<'full' | 'partial'>('full');
  const [amountText, setAmountText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  if (!canRefund(order.status) || left <= 0) {
    return (
      <section className="refund-panel" aria-labelledby="refund-heading">
        <h3 id="refund-heading">Refund</h3>
        {result && <FormMessage kind={result.kind}>{result.text}</FormMessage>}
        <p className="muted">
          {order.provider === FREE_ORDER_PROVIDER
            ? FREE_ORDER_MESSAGES.cannotRefund
            : order.status === 'refunded'
              ? 'This order has been refunded in full.'
              : `An order that is ${ORDER_STATUS_LABELS[order.status].toLowerCase()} cannot be refunded.`}
        </p>
      </section>
    );
  }

  const ask = () => {
    setResult(null);
    // One id per refund asked for: sent again (a double click, a retry), the server refunds once.
    if (mode === 'full')
      return setPending({ cents: undefined, shown: formatCents(left), requestId: crypto.randomUUID() });
    const amount = parseRefundAmount(amountText, left, currency);
    if (!amount.ok) return setProblem(amount.problem);
    setProblem(null);
    setPending({ cents: amount.cents, shown: formatCents(amount.cents), requestId: crypto.randomUUID() });
  };

  const confirm = () => {
    const target = pending;
    setPending(null);
    if (!target) return;
    refund.mutate(
      { orderNumber: order.orderNumber, amount: target.cents, requestId: target.requestId },
      {
        onSuccess: () =>
          setResult({ kind: 'success', text: `Refunded ${target.shown}. The customer has been e-mailed.` }),
        onError: (error) =>
          setResult({ kind: 'error', text: `Error: ${errorMessage(error, 'The refund failed. Please try again.')}` }),
      },
    );
  };

  const full = pending?.cents === undefined;
  return (
    <section className="refund-panel" aria-labelledby="refund-heading">
      <h3 id="refund-heading">Refund</h3>
      {result && <FormMessage kind={result.kind}>{result.text}</FormMessage>}
      <fieldset className="refund-panel__choice">
        <legend className="visually-hidden">How much to refund</legend>
        <label>
          <input type="radio" name="refund-mode" checked={mode === 'full'} onChange={() => setMode('full')} />
          Full refund ({formatCents(left)})
        </label>
        <label>
          <input type="radio" name="refund-mode" checked={mode === 'partial'} onChange={() => setMode('partial')} />
          Partial refund
        </label>
      </fieldset>
      {mode === 'partial' && (
        <label className="field refund-panel__amount">
          <span className="field__label">Amount to refund ({code})</span>
          <input
            inputMode="decimal"
            value={amountText}
            onChange={(event) => setAmountText(event.target.value)}
            aria-invalid={problem !== null}
            aria-describedby={problem ? 'refund-problem' : undefined}
          />
          {problem && (
            <span id="refund-problem" className="refund-panel__problem">
              {problem}
            </span>
          )}
        </label>
      )}
      <button type="button" className="button button--danger" onClick={ask} disabled={refund.isPending}>
        {refund.isPending ? 'Refunding...' : 'Refund'}
      </button>
      <ConfirmDialog
        open={pending !== null}
        title="Refund this order?"
        message={
          full
            ? `${pending?.shown ?? ''} will be paid back to the customer's card, and their downloads of this order end at once. This cannot be undone.`
            : `${pending?.shown ?? ''} will be paid back to the customer's card. They keep their downloads. This cannot be undone.`
        }
        confirmLabel={`Refund ${pending?.shown ?? ''}`}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </section>
  );
}
