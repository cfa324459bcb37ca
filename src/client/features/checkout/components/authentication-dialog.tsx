import { Dialog } from '#client/components/ui/dialog.tsx';
import { useMoney, useStoreSettings } from '#client/lib/store-settings.ts';

/**
 * The test provider's stand-in for a bank's 3-D Secure page: the customer decides what the bank answers.
 * Closing it (Escape, backdrop, ✕) is a failed authentication, as closing Stripe's is. Open while `amount` (the
 * amount to confirm, in the store's currency) is set.
 */
export function AuthenticationDialog({
  amount,
  onAnswer,
}: {
  amount: number | null;
  onAnswer: (approve: boolean) => void;
}) {
  const { formatPrice } = useMoney();
  const { storeName } = useStoreSettings();
  return (
    <Dialog open={amount !== null} onClose={() => onAnswer(false)} title="Confirm your payment">
      <div className="authentication">
        <p className="authentication__bank">Test Bank · 3-D Secure</p>
        <p>
          Your bank asks you to confirm your payment of <strong>{formatPrice(amount ?? 0)}</strong> to {storeName}.
        </p>
        <p className="muted">This is the store&apos;s test mode: choose what the bank answers.</p>
        <div className="button-row">
          <button type="button" className="button button--primary" onClick={() => onAnswer(true)}>
            Complete authentication
          </button>
          <button type="button" className="button" onClick={() => onAnswer(false)}>
            Fail authentication
          </button>
        </div>
      </div>
    </Dialog>
  );
}
