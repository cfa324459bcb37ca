import type { LicenceTier } from '#shared/licences/licences.ts';
import type { SetCompletionAnswer } from '#shared/sets/set-schema.ts';
import { useMoney } from '#client/lib/store-settings.ts';

/**
 * "You own 1 of 3 — complete the set for $X" (decision 0070), under the licence shown: the server's price for the
 * missing pieces. Nothing when the buyer owns none of them.
 */
export function SetCompletionNote({
  completion,
  licence,
}: {
  completion: SetCompletionAnswer | undefined;
  licence: LicenceTier;
}) {
  const { formatPrice } = useMoney();
  const mine = completion?.[licence];
  if (!completion || !mine || mine.owned === 0) return null;
  return (
    <p className="notice notice--info set-completion" role="status">
      {mine.price === null ? (
        <>You own all {completion.pieces} artworks of this set under this license.</>
      ) : (
        <>
          <strong>
            You own {mine.owned} of {completion.pieces}
          </strong>{' '}
          — complete the set for <strong>{formatPrice(mine.price)}</strong>{' '}
          <span className="muted">(the set is {formatPrice(mine.setPrice)}; what you paid for yours is taken off)</span>
        </>
      )}
    </p>
  );
}
