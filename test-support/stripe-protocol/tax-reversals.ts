// Stripe Tax's reversals of a recorded sale: in full, or in part by a flat amount or by line item, never beyond what
// is left to reverse.
import type { Account } from './account';
import { invalidRequest, noSuch } from './errors';
import {
  type FormObject,
  hashList,
  integerParam,
  metadataParam,
  refuseUnknown,
  requiredInteger,
  requiredString,
} from './form-params';
import type { StoredTaxTransaction, StoredTaxTransactionLine } from './tax-types';
import { checkNewReference, findTransaction, storeTransaction, transactionLine } from './tax-transactions';

/** What the buyer paid for a line, tax included. */
function grossOf(line: Pick<StoredTaxTransactionLine, 'amount' | 'amount_tax' | 'tax_behavior'>): number {
  return line.tax_behavior === 'inclusive' ? line.amount : line.amount + line.amount_tax;
}

/** What is left to reverse of each line of a sale: its amount and tax less those of the reversals so far. */
function unreversed(account: Account, sale: StoredTaxTransaction) {
  const reversed = [...account.taxTransactions.values()]
    .filter((transaction) => transaction.reversal?.original_transaction === sale.id)
    .flatMap((reversal) => reversal.lines);
  return sale.lines.map((line) => {
    const against = reversed.filter((reversal) => reversal.reversal?.original_line_item === line.id);
    const amount = line.amount + against.reduce((sum, reversal) => sum + reversal.amount, 0);
    const tax = line.amount_tax + against.reduce((sum, reversal) => sum + reversal.amount_tax, 0);
    return { line, amount, tax, gross: grossOf({ amount, amount_tax: tax, tax_behavior: line.tax_behavior }) };
  });
}

/** `total` shared out in proportion to `weights`, in whole cents that add up to it (the largest remainders first). */
function shareOut(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((weight) => (sum === 0 ? 0 : (total * weight) / sum));
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/** A partial reversal of a flat amount (negative, tax included), spread over the lines by what is left of each. */
function flatReversalLines(
  account: Account,
  sale: StoredTaxTransaction,
  flatAmount: number,
): StoredTaxTransactionLine[] {
  if (flatAmount >= 0)
    throw invalidRequest('flat_amount must be negative: it is the amount refunded.', { param: 'flat_amount' });
  const left = unreversed(account, sale);
  const leftInAll = left.reduce((sum, line) => sum + line.gross, 0);
  if (-flatAmount > leftInAll) {
    throw invalidRequest(
      `The flat_amount (${flatAmount}) is more than what is left to reverse on transaction '${sale.id}' (${-leftInAll}).`,
      { param: 'flat_amount' },
    );
  }
  const shares = shareOut(
    -flatAmount,
    left.map((line) => line.gross),
  );
  return left.flatMap(({ line, tax, gross }, index) => {
    const share = shares[index] ?? 0;
    if (share === 0) return [];
    const shareTax = gross === 0 ? 0 : Math.floor((2 * share * tax + gross) / (2 * gross));
    const amount = line.tax_behavior === 'inclusive' ? share : share - shareTax;
    return [transactionLine({ ...line, amount: -amount, amount_tax: -shareTax }, line.id)];
  });
}

/** A partial reversal of the line items' amounts given (negative), none beyond what is left of its line. */
function itemReversalLines(
  account: Account,
  sale: StoredTaxTransaction,
  items: FormObject[],
): StoredTaxTransactionLine[] {
  const left = unreversed(account, sale);
  return items.map((item, index) => {
    const prefix = `line_items[${index}]`;
    refuseUnknown(item, ['amount', 'amount_tax', 'original_line_item', 'reference', 'quantity', 'metadata'], prefix);
    const originalId = requiredString(item, 'original_line_item', prefix);
    const original = left.find(({ line }) => line.id === originalId);
    if (!original) throw noSuch('tax transaction line item', originalId, `${prefix}[original_line_item]`, 400);
    const amount = requiredInteger(item, 'amount', prefix);
    const amountTax = requiredInteger(item, 'amount_tax', prefix);
    if (amount > 0 || amountTax > 0 || -amount > original.amount || -amountTax > original.tax) {
      throw invalidRequest(
        `${prefix}: a reversal takes negative amounts, no more than what is left of line item '${originalId}' (${-original.amount}, tax ${-original.tax}).`,
        { param: `${prefix}[amount]` },
      );
    }
    const line = transactionLine(
      {
        ...original.line,
        amount,
        amount_tax: amountTax,
        quantity: integerParam(item, 'quantity', prefix) ?? original.line.quantity,
        reference: requiredString(item, 'reference', prefix),
      },
      originalId,
    );
    line.metadata = metadataParam(item);
    return line;
  });
}

/**
 * A reversal of a recorded sale: in full (every line's amount and tax, whatever partial reversals came before, as
 * Stripe does), or in part by a flat amount or by line item. After a full reversal the sale takes no other.
 */
export function createReversal(account: Account, params: FormObject): StoredTaxTransaction {
  refuseUnknown(params, [
    'mode',
    'original_transaction',
    'reference',
    'flat_amount',
    'line_items',
    'metadata',
    'expand',
  ]);
  const mode = requiredString(params, 'mode');
  if (mode !== 'full' && mode !== 'partial')
    throw invalidRequest(`Invalid mode: must be one of full or partial`, { param: 'mode' });
  const sale = findTransaction(account, requiredString(params, 'original_transaction'), 'original_transaction', 400);
  if (sale.type !== 'transaction')
    throw invalidRequest(`Transaction '${sale.id}' is a reversal: only a sale can be reversed.`, {
      param: 'original_transaction',
    });
  const reversals = [...account.taxTransactions.values()].filter((t) => t.reversal?.original_transaction === sale.id);
  if (reversals.some((reversal) => reversal.mode === 'full'))
    throw invalidRequest(`You can't reverse transaction '${sale.id}' because it has been fully reversed.`, {
      param: 'original_transaction',
    });
  const reference = requiredString(params, 'reference');
  checkNewReference(account, reference);
  const flatAmount = integerParam(params, 'flat_amount');
  const items = hashList(params, 'line_items');
  let lines: StoredTaxTransactionLine[];
  if (mode === 'full') {
    if (flatAmount !== undefined || items !== undefined)
      throw invalidRequest('flat_amount and line_items are for mode=partial only.', { param: 'mode' });
    lines = sale.lines.map((line) =>
      transactionLine({ ...line, amount: -line.amount, amount_tax: -line.amount_tax }, line.id),
    );
  } else if ((flatAmount === undefined) === (items === undefined)) {
    throw invalidRequest('A partial reversal takes one of flat_amount or line_items.', {
      code: 'parameter_missing',
      param: 'flat_amount',
    });
  } else {
    lines =
      flatAmount !== undefined
        ? flatReversalLines(account, sale, flatAmount)
        : itemReversalLines(account, sale, items ?? []);
  }
  return storeTransaction(
    account,
    {
      currency: sale.currency,
      customer_details: structuredClone(sale.customer_details),
      reference,
      reversal: { original_transaction: sale.id },
      tax_date: sale.tax_date,
      type: 'reversal',
      lines,
      mode,
    },
    params,
  );
}
