import { useEffect } from 'react';
import { useAuth } from '../../features/auth/auth-provider';
import { leaveCartSync, startCartSync } from '../cart-sync';

/** Keeps a signed-in buyer's cart and favourites on their account (cart-sync.ts); shows nothing. */
export function CartFollowsBuyer() {
  const { state } = useAuth();
  const userId = state.status === 'signed-in' ? state.user.id : null;
  const signedOut = state.status === 'signed-out';
  useEffect(() => {
    if (userId !== null) {
      const sync = startCartSync(userId);
      return () => sync.stop();
    }
    if (signedOut) leaveCartSync();
    return undefined;
  }, [userId, signedOut]);
  return null;
}
