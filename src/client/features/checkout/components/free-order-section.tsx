import { FREE_ORDER_MESSAGES } from '#shared/orders/free-order.ts';

/**
 * In place of the card form when the server priced the order at $0.00: nothing to pay, so one button that asks the
 * server to complete it (a card form would fail: the provider refuses amounts under its minimum).
 */
export function FreeOrderSection({ processing, disabled }: { processing: boolean; disabled: boolean }) {
  return (
    <div className="free-order">
      <p className="free-order__note">{FREE_ORDER_MESSAGES.noPaymentNeeded}</p>
      <button
        type="submit"
        className="button button--primary button--block pay-button"
        disabled={processing || disabled}
      >
        {processing ? 'Processing...' : FREE_ORDER_MESSAGES.button}
      </button>
    </div>
  );
}
