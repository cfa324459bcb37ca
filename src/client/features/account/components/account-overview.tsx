import { formatLongDate } from '#client/lib/order-dates.ts';
import { useAccount } from '../api/account-queries';

/** Who is signed in: the address, since when, and an address change still waiting on its link. */
export function AccountOverview() {
  const account = useAccount();
  if (account.isPending) return <p className="muted">Loading...</p>;
  if (!account.data) return <p className="muted">The account could not be loaded. Reload the page to try again.</p>;
  const { email, createdAt, pendingEmail } = account.data;
  return (
    <dl className="account-overview">
      <div>
        <dt>E-mail</dt>
        <dd data-testid="account-email">{email}</dd>
      </div>
      <div>
        <dt>Member since</dt>
        <dd>{formatLongDate(createdAt)}</dd>
      </div>
      {pendingEmail && (
        <div>
          <dt>Waiting for confirmation</dt>
          <dd>{pendingEmail}: follow the link we mailed there.</dd>
        </div>
      )}
    </dl>
  );
}
