import { useState } from 'react';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { errorMessage } from '#client/lib/api-error-text.ts';
import { useRefundLine } from '../api/order-admin-mutations';
import { titlesText, type RefundableLine } from '../line-refunds';

/**
 * "Refund this line" / "Refund this set" on a line of the owner's order, after a confirmation naming the pieces and
 * the amount (decision 0071). The server refunds exactly what they were charged, once, however often it is asked.
 */
export function LineRefundAction({
  orderNumber,
  line,
  formatCents,
  onDone,
}: {
  orderNumber: string;
  line: RefundableLine;
  formatCents: (cents: number) => string;
  onDone: (result: { kind: 'success' | 'error'; text: string }) => void;
}) {
  const refund = useRefundLine();
  const [asking, setAsking] = useState(false);
  const isSet = 'setId' in line.target;
  const what = titlesText(line.titles);
  const amount = formatCents(line.charged);

  const confirm = () => {
    setAsking(false);
    refund.mutate(
      { orderNumber, target: line.target },
      {
        onSuccess: () =>
          onDone({ kind: 'success', text: `Refunded ${amount} for ${what}. The customer has been e-mailed.` }),
        onError: (error) =>
          onDone({ kind: 'error', text: `Error: ${errorMessage(error, 'The refund failed. Please try again.')}` }),
      },
    );
  };

  return (
    <>
      <button
        type="button"
        className="button order-lines__refund"
        onClick={() => setAsking(true)}
        disabled={refund.isPending}
        aria-label={`${isSet ? 'Refund this set' : 'Refund this line'}: ${what}, ${amount}`}
      >
        {refund.isPending ? 'Refunding...' : isSet ? 'Refund this set' : 'Refund this line'}
      </button>
      <ConfirmDialog
        open={asking}
        title={isSet ? 'Refund this set?' : 'Refund this line?'}
        message={`${amount} will be paid back to the customer's card for ${what}. The customer's downloads and licence${
          line.titles.length > 1 ? 's' : ''
        } of ${line.titles.length > 1 ? 'these pieces' : 'this piece'} end at once; the rest of the order stays. This cannot be undone.`}
        confirmLabel={`Refund ${amount}`}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
