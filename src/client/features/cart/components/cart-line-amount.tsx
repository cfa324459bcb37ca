import { chosenAmountProblem, parseAmountText } from '#shared/orders/chosen-amount.ts';
import { toCents } from '#shared/money/money.ts';
import { useMoney } from '#client/lib/store-settings.ts';
import { cartActions } from '../cart-store';
import type { CartArtwork } from '../cart-rules';
import { useChosenAmount } from '../chosen-amount-state';
import { ChosenAmountField } from './chosen-amount-field';

/**
 * A pay-what-you-want line's amount in the cart, in place of its quantity (it is bought once): a payable amount is
 * kept at once, and the cart is priced again; one that is not is refused beside the field, and the line keeps its
 * last payable amount. `serverProblem`: the server's refusal of the amount kept (the owner may have raised the
 * minimum since it was added).
 */
export function CartLineAmount({
  artwork,
  minimum,
  serverProblem,
}: {
  artwork: CartArtwork;
  minimum: number;
  serverProblem: string | null;
}) {
  const { currency, code } = useMoney();
  const chosen = useChosenAmount(artwork.id, minimum, artwork.price);
  return (
    <ChosenAmountField
      label="Your price"
      accessibleName={`Your price for ${artwork.title} (${code})`}
      minimum={minimum}
      text={chosen.text}
      onText={(text) => {
        chosen.setText(text);
        const cents = parseAmountText(text);
        if (cents !== null && chosenAmountProblem(cents, toCents(minimum), currency) === null)
          cartActions.setAmount(artwork.id, cents / 100);
      }}
      problem={chosen.touched ? chosen.problem : serverProblem}
      showProblem
    />
  );
}
