// ConfirmationTokens and the server-side confirmation of an intent with one, for the Payment Element's methods: a card
// (in Apple Pay or Google Pay too), Link, the redirect methods (iDEAL, Bancontact, EPS, Klarna: the intent waits at
// the bank, requires_action with a redirect_to_url, until finishRedirect) and SEPA Direct Debit (processing until
// settleIntent).
import { type Account, now, stripeId } from './account';
import { invalidRequest, noSuch, StripeApiError } from './errors';
import { type FormObject, hashParam, stringParam } from './form-params';
import { checkConfirmable, fail, intentJson, recordCharge, succeed } from './intents';
import { REDIRECT_TYPES } from './method-types';
import { createPaymentMethod } from './payment-methods';
import type {
  BillingAddress,
  KeptToken,
  PaymentError,
  StoredCharge,
  StoredConfirmationToken,
  StoredIntent,
} from './types';

/** What a test asks the Payment Element to have collected. */
export interface TokenSpec {
  /** 'card' (default), 'link', 'ideal', 'bancontact', 'eps', 'klarna', 'sepa_debit'. */
  type?: string;
  /** A card's test number (4242… by default), and the wallet it came from. */
  card?: { number?: string; wallet?: 'apple_pay' | 'google_pay' };
  /** iDEAL's or EPS's bank code ('ing'), Bancontact's bank name. */
  bank?: string;
  /** A SEPA debit's IBAN country. */
  ibanCountry?: string;
  billingCountry?: string;
}

function billingAddress(country: string | undefined): BillingAddress {
  return { city: null, country: country ?? null, line1: null, line2: null, postal_code: null, state: null };
}

export function createConfirmationToken(account: Account, spec: TokenSpec): StoredConfirmationToken {
  const type = spec.type ?? 'card';
  let cardMethodId: string | null = null;
  let details: Record<string, unknown>;
  if (type === 'card' || type === 'link') {
    const params: FormObject = {
      type: 'card',
      card: { number: spec.card?.number ?? '4242424242424242', exp_month: '12', exp_year: '2040', cvc: '123' },
      billing_details: { address: spec.billingCountry ? { country: spec.billingCountry } : {} },
    };
    const method = createPaymentMethod(account, params, 'publishable');
    cardMethodId = method.id;
    details =
      type === 'link'
        ? { link: { email: 'buyer@shop.test' } }
        : { card: { ...method.card, wallet: spec.card?.wallet ? { type: spec.card.wallet } : null } };
  } else if (type === 'sepa_debit') {
    const country = spec.ibanCountry ?? 'DE';
    details = { sepa_debit: { country, last4: '3000', bank_code: '37040044', branch_code: null, fingerprint: 'fp' } };
  } else if (type === 'bancontact') {
    details = { bancontact: {} };
  } else if (REDIRECT_TYPES.includes(type)) {
    details = { [type]: type === 'klarna' ? {} : { bank: spec.bank ?? null } };
  } else {
    throw invalidRequest(`Invalid payment_method_data[type]: this server has no ${type}.`, {
      param: 'payment_method_data[type]',
    });
  }
  const token: StoredConfirmationToken = {
    id: stripeId('ctoken'),
    object: 'confirmation_token',
    created: now(),
    expires_at: now() + 12 * 3600,
    livemode: false,
    payment_intent: null,
    payment_method_preview: {
      type,
      billing_details: { address: billingAddress(spec.billingCountry), email: null, name: null, phone: null },
      ...details,
    },
    return_url: null,
    use_stripe_sdk: true,
  };
  account.confirmationTokens.set(token.id, { token, cardMethodId });
  return token;
}

export function findConfirmationToken(account: Account, id: string, param: string, status: number): KeptToken {
  const kept = account.confirmationTokens.get(id);
  if (!kept) throw noSuch('confirmation_token', id, param, status);
  return kept;
}

const BANK_DECLINE: PaymentError = {
  type: 'card_error',
  code: 'payment_method_provider_decline',
  message: 'The customer’s bank declined the payment.',
};

/** A charge of a method without a card, succeeded or failed. */
function chargeOther(account: Account, intent: StoredIntent, type: string, failed: boolean): StoredCharge {
  const preview = account.pendingMethods.get(intent.id) ?? { type };
  const details = { ...preview, type };
  return recordCharge(account, intent, { id: stripeId('pm'), details }, failed ? BANK_DECLINE : undefined);
}

/** The end of a payment waiting at the bank or settling: paid, or refused (back to waiting for a method). */
export function endPending(account: Account, intent: StoredIntent, outcome: 'succeeded' | 'failed'): void {
  const preview = account.pendingMethods.get(intent.id);
  if (!preview) throw new Error(`The intent ${intent.id} has no payment under way.`);
  chargeOther(account, intent, preview.type, outcome === 'failed');
  account.pendingMethods.delete(intent.id);
  intent.next_action = null;
  if (outcome === 'succeeded') {
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.last_payment_error = null;
  } else {
    intent.status = 'requires_payment_method';
    intent.last_payment_error = { ...BANK_DECLINE, charge: intent.latest_charge ?? undefined };
  }
}

/** The server's confirmation with a ConfirmationToken (confirmation_token, return_url for the redirect methods). */
export function confirmWithToken(
  account: Account,
  intent: StoredIntent,
  tokenId: string,
  returnUrl: string | undefined,
  redirectBase: string,
): void {
  checkConfirmable(intent);
  const { token, cardMethodId } = findConfirmationToken(account, tokenId, 'confirmation_token', 400);
  const preview = token.payment_method_preview;
  const { type } = preview;
  if (!intent.payment_method_types.includes(type)) {
    throw invalidRequest(
      `The PaymentMethod provided (${type}) is not allowed for this PaymentIntent. Please attach a PaymentMethod of one of the following types: ${intent.payment_method_types.join(', ')}.`,
      { code: 'payment_intent_invalid_parameter', param: 'confirmation_token' },
    );
  }
  token.payment_intent = intent.id;
  token.return_url = returnUrl ?? null;
  if (cardMethodId) {
    const method = account.paymentMethods.get(cardMethodId)!;
    const decline = account.declines.get(method.id);
    if (decline) {
      const error = fail(account, intent, decline, method);
      throw new StripeApiError(402, { ...error, payment_intent: intentJson(account, intent, false) });
    }
    succeed(account, intent, method);
    const charge = account.charges.get(intent.latest_charge!)!;
    if (type === 'link') charge.payment_method_details = { type: 'link', link: preview.link };
    else if (charge.payment_method_details.card)
      charge.payment_method_details.card.wallet = (preview.card as { wallet: { type: string } | null }).wallet;
    return;
  }
  account.pendingMethods.set(intent.id, { ...preview });
  if (type === 'sepa_debit') {
    intent.status = 'processing';
    return;
  }
  if (!returnUrl) {
    throw invalidRequest(
      'This PaymentIntent is configured to accept payment methods enabled in your Dashboard. Because some of these payment methods might redirect your customer off of your page, you must provide a `return_url`.',
      { param: 'return_url' },
    );
  }
  intent.status = 'requires_action';
  intent.next_action = {
    type: 'redirect_to_url',
    redirect_to_url: { url: `${redirectBase}/redirect/${intent.id}`, return_url: returnUrl },
  };
}

/**
 * The parameters of a token's creation as the form sends them: payment_method_data[type], [card][number],
 * [card][wallet] (this server's stand-in for the wallet the device used), [ideal][bank] and the like,
 * [sepa_debit][country], [billing_details][address][country].
 */
export function tokenSpecOf(params: FormObject): TokenSpec {
  const data = hashParam(params, 'payment_method_data');
  const type = stringParam(data, 'type', 'payment_method_data') ?? 'card';
  const card = hashParam(data, 'card', 'payment_method_data');
  const sub = hashParam(data, type, 'payment_method_data');
  const address = hashParam(hashParam(data, 'billing_details', 'payment_method_data'), 'address');
  const wallet = stringParam(card, 'wallet');
  const number = stringParam(card, 'number');
  const bank = stringParam(sub, 'bank') ?? stringParam(sub, 'bank_name');
  const ibanCountry = type === 'sepa_debit' ? stringParam(sub, 'country') : undefined;
  const billingCountry = stringParam(address, 'country');
  return {
    type,
    card: {
      ...(number ? { number } : {}),
      ...(wallet === 'apple_pay' || wallet === 'google_pay' ? { wallet } : {}),
    },
    ...(bank ? { bank } : {}),
    ...(ibanCountry ? { ibanCountry } : {}),
    ...(billingCountry ? { billingCountry } : {}),
  };
}
