import { useMoney } from '#client/lib/store-settings.ts';

/** 'Pay ${total}', and 'Processing...' while a payment is under way. */
export function PayButton({
  total,
  processing,
  disabled,
  describedBy,
}: {
  total: number;
  processing: boolean;
  disabled?: boolean;
  describedBy?: string;
}) {
  const { formatPrice } = useMoney();
  return (
    <button
      type="submit"
      className="button button--primary button--block pay-button"
      disabled={processing || disabled}
      aria-describedby={describedBy}
    >
      {processing ? 'Processing...' : `Pay ${formatPrice(total)}`}
    </button>
  );
}
