// The endpoints: each request's method and path routed to its endpoint (a publishable key only where Stripe.js may use
// it), and the answer it gives, a Stripe error included.
import type { Account, Caller } from './account';
import { invalidRequest, StripeApiError } from './errors';
import { confirmWithToken, createConfirmationToken, findConfirmationToken, tokenSpecOf } from './confirmation-tokens';
import { expandParam, type FormObject, refuseUnknown, stringParam } from './form-params';
import {
  checkClientSecret,
  cancelIntent,
  confirmIntent,
  createIntent,
  findIntent,
  INTENT_EXPANDABLE,
  intentJson,
  updateIntent,
} from './intents';
import { listPage } from './lists';
import { createPaymentMethod, resolvePaymentMethod } from './payment-methods';
import { createRefund } from './refunds';
import {
  CALCULATION_EXPANDABLE,
  calculationJson,
  calculationLineJson,
  createCalculation,
  findCalculation,
} from './tax-calculations';
import { createReversal } from './tax-reversals';
import {
  createTransactionFromCalculation,
  findTransaction,
  TRANSACTION_EXPANDABLE,
  transactionJson,
} from './tax-transactions';

export interface Answer {
  status: number;
  body: unknown;
}

interface Call {
  account: Account;
  params: FormObject;
  caller: Caller;
  /** The path's ids, decoded. */
  ids: string[];
}

interface Route {
  method: 'GET' | 'POST';
  path: RegExp;
  /** Stripe.js may call it with the publishable key. */
  publishable?: true;
  run: (call: Call) => unknown;
}

const id = '([^/]+)';

/** A POST that makes a Stripe Tax object, answered with it expanded as asked. */
function taxCreation<T>(
  path: RegExp,
  expandable: readonly string[],
  create: (account: Account, params: FormObject) => T,
  json: (object: T, expand: ReadonlySet<string>) => unknown,
): Route {
  return {
    method: 'POST',
    path,
    run: ({ account, params }) => {
      const expand = expandParam(params, expandable);
      return json(create(account, params), expand);
    },
  };
}

const ROUTES: Route[] = [
  {
    // Stripe.js's createConfirmationToken (publishable key), and the SDK's test helper (secret key).
    method: 'POST',
    path: /^\/v1\/(?:test_helpers\/)?confirmation_tokens$/,
    publishable: true,
    run: ({ account, params }) => structuredClone(createConfirmationToken(account, tokenSpecOf(params))),
  },
  {
    method: 'GET',
    path: new RegExp(`^/v1/confirmation_tokens/${id}$`),
    publishable: true,
    run: ({ account, params, ids: [tokenId = ''] }) => {
      refuseUnknown(params, ['expand']);
      return structuredClone(findConfirmationToken(account, tokenId, 'confirmation_token', 404).token);
    },
  },
  {
    method: 'POST',
    path: /^\/v1\/payment_methods$/,
    publishable: true,
    run: ({ account, params, caller }) => structuredClone(createPaymentMethod(account, params, caller)),
  },
  {
    method: 'GET',
    path: new RegExp(`^/v1/payment_methods/${id}$`),
    run: ({ account, params, ids: [methodId = ''] }) => {
      refuseUnknown(params, ['expand']);
      expandParam(params, []);
      return structuredClone(resolvePaymentMethod(account, methodId, 'payment_method', 404));
    },
  },
  {
    method: 'POST',
    path: /^\/v1\/payment_intents$/,
    run: ({ account, params }) => {
      const intent = createIntent(account, params);
      return intentJson(account, intent, expandParam(params, INTENT_EXPANDABLE).size > 0);
    },
  },
  {
    method: 'GET',
    path: new RegExp(`^/v1/payment_intents/${id}$`),
    publishable: true,
    run: ({ account, params, caller, ids: [intentId = ''] }) => {
      refuseUnknown(params, ['expand', 'client_secret']);
      const intent = findIntent(account, intentId, 'intent', 404);
      checkClientSecret(intent, params, caller);
      return intentJson(account, intent, expandParam(params, INTENT_EXPANDABLE).size > 0);
    },
  },
  {
    method: 'POST',
    path: new RegExp(`^/v1/payment_intents/${id}$`),
    run: ({ account, params, ids: [intentId = ''] }) => {
      const intent = findIntent(account, intentId, 'intent', 404);
      const expand = expandParam(params, INTENT_EXPANDABLE).size > 0;
      updateIntent(account, intent, params);
      return intentJson(account, intent, expand);
    },
  },
  {
    method: 'POST',
    path: new RegExp(`^/v1/payment_intents/${id}/confirm$`),
    publishable: true,
    run: ({ account, params, caller, ids: [intentId = ''] }) => {
      const intent = findIntent(account, intentId, 'intent', 404);
      checkClientSecret(intent, params, caller);
      const expand = expandParam(params, INTENT_EXPANDABLE).size > 0;
      const token = stringParam(params, 'confirmation_token');
      if (token === undefined) confirmIntent(account, intent, params);
      else {
        refuseUnknown(params, ['confirmation_token', 'client_secret', 'return_url', 'expand']);
        confirmWithToken(account, intent, token, stringParam(params, 'return_url'), account.baseUrl);
      }
      return intentJson(account, intent, expand);
    },
  },
  {
    method: 'POST',
    path: new RegExp(`^/v1/payment_intents/${id}/cancel$`),
    run: ({ account, params, ids: [intentId = ''] }) => {
      const intent = findIntent(account, intentId, 'intent', 404);
      const expand = expandParam(params, INTENT_EXPANDABLE).size > 0;
      cancelIntent(account, intent, params);
      return intentJson(account, intent, expand);
    },
  },
  { method: 'POST', path: /^\/v1\/refunds$/, run: ({ account, params }) => createRefund(account, params) },
  taxCreation(/^\/v1\/tax\/calculations$/, CALCULATION_EXPANDABLE, createCalculation, calculationJson),
  {
    method: 'GET',
    path: new RegExp(`^/v1/tax/calculations/${id}/line_items$`),
    run: ({ account, params, ids: [calculationId = ''] }) => {
      refuseUnknown(params, ['expand', 'limit', 'starting_after']);
      const withBreakdown = expandParam(params, ['data.tax_breakdown']).size > 0;
      const calculation = findCalculation(account, calculationId, 'calculation', 404);
      const url = `/v1/tax/calculations/${calculation.id}/line_items`;
      return listPage(calculation.lines, params, url, (line) => calculationLineJson(line, withBreakdown));
    },
  },
  taxCreation(
    /^\/v1\/tax\/transactions\/create_from_calculation$/,
    TRANSACTION_EXPANDABLE,
    createTransactionFromCalculation,
    transactionJson,
  ),
  taxCreation(/^\/v1\/tax\/transactions\/create_reversal$/, TRANSACTION_EXPANDABLE, createReversal, transactionJson),
  {
    method: 'GET',
    path: new RegExp(`^/v1/tax/transactions/${id}/line_items$`),
    run: ({ account, params, ids: [transactionId = ''] }) => {
      refuseUnknown(params, ['expand', 'limit', 'starting_after']);
      expandParam(params, []);
      const transaction = findTransaction(account, transactionId, 'transaction', 404);
      const url = `/v1/tax/transactions/${transaction.id}/line_items`;
      return listPage(transaction.lines, params, url, (line) => structuredClone(line));
    },
  },
];

function route(account: Account, method: string, path: string, params: FormObject, caller: Caller): Answer {
  for (const candidate of ROUTES) {
    const match = candidate.method === method ? candidate.path.exec(path) : null;
    if (!match) continue;
    if (caller === 'publishable' && !candidate.publishable) {
      throw invalidRequest(
        'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
        { status: 401 },
      );
    }
    const ids = match.slice(1).map((part) => decodeURIComponent(part));
    return { status: 200, body: candidate.run({ account, params, caller, ids }) };
  }
  throw invalidRequest(
    `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    {
      status: 404,
    },
  );
}

export function answerOf(account: Account, method: string, path: string, params: FormObject, caller: Caller): Answer {
  try {
    return route(account, method, path, params, caller);
  } catch (error) {
    if (error instanceof StripeApiError) return { status: error.status, body: { error: error.body } };
    throw error;
  }
}
