import { errorMessage } from '#client/lib/api-error-text.ts';
import { useResendReceipt } from '../api/orders-mutations';

/** 'Send receipt again' for a paid order; the server limits how often, and its answer is shown either way. */
export function ResendReceipt({ orderNumber }: { orderNumber: string }) {
  const resend = useResendReceipt();
  return (
    <div className="resend-receipt">
      <button type="button" className="button" onClick={() => resend.mutate(orderNumber)} disabled={resend.isPending}>
        {resend.isPending ? 'Sending...' : 'Send receipt again'}
      </button>
      {resend.isSuccess && (
        <p className="resend-receipt__message resend-receipt__message--success" role="status">
          {resend.data.message}
        </p>
      )}
      {resend.isError && (
        <p className="resend-receipt__message resend-receipt__message--error" role="alert">
          {errorMessage(resend.error, 'The receipt could not be sent. Please try again.')}
        </p>
      )}
    </div>
  );
}
