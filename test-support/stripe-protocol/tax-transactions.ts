// Stripe Tax's transactions: a sale recorded from a calculation (its reference unique among all transactions), how
// any transaction is stored, and its JSON with line items expanded as asked.
import { type Account, now, stripeId } from './account';
import { invalidRequest, noSuch } from './errors';
import { type FormObject, metadataParam, refuseUnknown, requiredString } from './form-params';
import { embeddedList } from './lists';
import { findCalculation } from './tax-calculations';
import type { StoredTaxTransaction, StoredTaxTransactionLine } from './tax-types';

export function findTransaction(account: Account, id: string, param: string, status: number): StoredTaxTransaction {
  const transaction = account.taxTransactions.get(id);
  if (!transaction) throw noSuch('tax transaction', id, param, status);
  return transaction;
}

/** A transaction's reference is unique among all of the account's transactions, reversals included. */
export function checkNewReference(account: Account, reference: string): void {
  const taken = [...account.taxTransactions.values()].some((transaction) => transaction.reference === reference);
  if (taken)
    throw invalidRequest(`A tax transaction with the reference '${reference}' already exists.`, { param: 'reference' });
}

export function storeTransaction(
  account: Account,
  fields: Pick<
    StoredTaxTransaction,
    'currency' | 'customer_details' | 'reference' | 'reversal' | 'tax_date' | 'type' | 'lines' | 'mode'
  >,
  params: FormObject,
): StoredTaxTransaction {
  const created = now();
  const transaction: StoredTaxTransaction = {
    id: stripeId('tax'),
    object: 'tax.transaction',
    created,
    customer: null,
    livemode: false,
    metadata: metadataParam(params),
    posted_at: created,
    ship_from_details: null,
    shipping_cost: null,
    ...fields,
  };
  account.taxTransactions.set(transaction.id, transaction);
  return transaction;
}

export function transactionLine(
  from: Pick<
    StoredTaxTransactionLine,
    'amount' | 'amount_tax' | 'quantity' | 'reference' | 'tax_behavior' | 'tax_code'
  >,
  reversalOf: string | null,
): StoredTaxTransactionLine {
  return {
    id: stripeId('tax_li'),
    object: 'tax.transaction_line_item',
    amount: from.amount,
    amount_tax: from.amount_tax,
    livemode: false,
    metadata: {},
    product: null,
    quantity: from.quantity,
    reference: from.reference,
    reversal: reversalOf ? { original_line_item: reversalOf } : null,
    tax_behavior: from.tax_behavior,
    tax_code: from.tax_code,
    type: reversalOf ? 'reversal' : 'transaction',
  };
}

export function createTransactionFromCalculation(account: Account, params: FormObject): StoredTaxTransaction {
  refuseUnknown(params, ['calculation', 'reference', 'metadata', 'expand']);
  const calculation = findCalculation(account, requiredString(params, 'calculation'), 'calculation', 400);
  const reference = requiredString(params, 'reference');
  checkNewReference(account, reference);
  return storeTransaction(
    account,
    {
      currency: calculation.currency,
      customer_details: structuredClone(calculation.customer_details),
      reference,
      reversal: null,
      tax_date: calculation.tax_date,
      type: 'transaction',
      lines: calculation.lines.map((line) => transactionLine(line, null)),
      mode: null,
    },
    params,
  );
}

export function transactionJson(transaction: StoredTaxTransaction, expand: ReadonlySet<string>): unknown {
  const { lines, mode: _mode, ...rest } = transaction;
  if (!expand.has('line_items')) return structuredClone(rest);
  const url = `/v1/tax/transactions/${transaction.id}/line_items`;
  return { ...structuredClone(rest), line_items: embeddedList(lines, url, (line) => structuredClone(line)) };
}

export const TRANSACTION_EXPANDABLE = ['line_items'];
