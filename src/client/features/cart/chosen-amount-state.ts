import { useState } from 'react';
import { CHOSEN_AMOUNT_MESSAGES, chosenAmountProblem, parseAmountText } from '#shared/orders/chosen-amount.ts';
import { toCents } from '#shared/money/money.ts';
import { useMoney } from '#client/lib/store-settings.ts';

/**
 * A pay-what-you-want amount as the buyer types it: the text (the `initial` amount until they type, for the artwork
 * `key` names: another artwork starts again), the amount in the store's currency (null while the text is not a
 * payable amount) and why not, by the rules the server applies (shared/orders/chosen-amount.ts), so the buyer reads
 * the server's sentence before asking it. `touched`: the buyer has typed, so a refusal may be shown.
 */
export function useChosenAmount(key: number, minimum: number, initial: number) {
  const { currency } = useMoney();
  const [typed, setTyped] = useState<{ key: number; text: string } | null>(null);
  const touched = typed !== null && typed.key === key;
  const text = touched ? typed.text : initial.toFixed(2);
  const cents = parseAmountText(text);
  const problem =
    cents === null ? CHOSEN_AMOUNT_MESSAGES.notAnAmount : chosenAmountProblem(cents, toCents(minimum), currency);
  return {
    text,
    setText: (next: string) => setTyped({ key, text: next }),
    amount: problem === null && cents !== null ? cents / 100 : null,
    problem,
    touched,
  };
}
