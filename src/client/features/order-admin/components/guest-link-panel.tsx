import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOrderDetail } from '#shared/orders/owner-orders-schema.ts';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { errorMessage } from '#client/lib/api-error-text.ts';
import { adminOrdersApi } from '../api/order-admin-api';
import { adminOrderKeys } from '../api/order-admin-queries';

/**
 * A guest order's library link (decision 0058): it never expires, so the owner can withdraw it (the page then says
 * so) or make a new one to pass on, which also ends every earlier link.
 */
export function GuestLinkPanel({ order }: { order: AdminOrderDetail }) {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (action: 'revoke' | 'reissue') => adminOrdersApi.guestLink(order.orderNumber, action),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminOrderKeys.detail(order.orderNumber) }),
  });
  if (!order.guestLink || !order.paidAt) return null;
  const revoked = order.guestLink.revoked;
  return (
    <section aria-labelledby="guest-link-heading" className="guest-link-panel">
      <h3 id="guest-link-heading">Guest link</h3>
      <p className="muted">
        Bought without an account: the buyer reaches their files through the link in their e-mail.{' '}
        {revoked ? 'The link has been revoked.' : 'The link works until you revoke it.'}
      </p>
      <p className="button-row">
        {!revoked && (
          <button type="button" className="button" disabled={change.isPending} onClick={() => change.mutate('revoke')}>
            Revoke link
          </button>
        )}
        <button type="button" className="button" disabled={change.isPending} onClick={() => change.mutate('reissue')}>
          Make a new link
        </button>
      </p>
      {change.data?.guestLink && (
        <FormMessage kind="success">
          New link (the old ones no longer work): <a href={change.data.guestLink}>{change.data.guestLink}</a>
        </FormMessage>
      )}
      {change.error && (
        <FormMessage kind="error">
          {errorMessage(change.error, 'The link could not be changed. Please try again.')}
        </FormMessage>
      )}
    </section>
  );
}
