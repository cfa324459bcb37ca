// How receipts, invoices and the owner's orders name the way an order was paid: a wallet with the card in it, a
// local method with its bank, Link. Stripe gives the method as a type plus a sub-object named by that type; this
// reads the few fields that name it, whatever object (a confirmation token's preview, a charge's details) holds it.

/** The payment method as Stripe describes it: `type`, and the sub-object of that name. */
export interface MethodDescription {
  type: string;
  card?: { brand?: string | null; last4?: string | null; wallet?: { type?: string | null } | null } | null;
  ideal?: { bank?: string | null } | null;
  eps?: { bank?: string | null } | null;
  bancontact?: { bank_name?: string | null } | null;
  sepa_debit?: { last4?: string | null } | null;
}

const METHOD_NAMES: Readonly<Record<string, string>> = {
  card: 'Card',
  link: 'Link',
  ideal: 'iDEAL',
  bancontact: 'Bancontact',
  eps: 'EPS',
  klarna: 'Klarna',
  sepa_debit: 'SEPA Direct Debit',
  paypal: 'PayPal',
  p24: 'Przelewy24',
  blik: 'BLIK',
  sofort: 'Sofort',
  giropay: 'giropay',
  revolut_pay: 'Revolut Pay',
  amazon_pay: 'Amazon Pay',
  cashapp: 'Cash App Pay',
  test_wallet: 'Test Wallet',
  test_redirect: 'Test Bank',
};

const WALLET_NAMES: Readonly<Record<string, string>> = {
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
  samsung_pay: 'Samsung Pay',
  link: 'Link',
  amex_express_checkout: 'Amex Express Checkout',
  masterpass: 'Masterpass',
  visa_checkout: 'Visa Checkout',
};

const BRAND_NAMES: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  cartes_bancaires: 'Cartes Bancaires',
};

// Bank codes Stripe spells in snake case ('abn_amro'); the few that are initials read as such.
const BANK_NAMES: Readonly<Record<string, string>> = {
  ing: 'ING',
  abn_amro: 'ABN AMRO',
  asn_bank: 'ASN Bank',
  sns_bank: 'SNS Bank',
  nn: 'NN',
  n26: 'N26',
};

/** Words of a code: 'triodos_bank' → 'Triodos Bank'; a name unknown to the store still reads as words. */
function words(code: string): string {
  return code
    .split('_')
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}

export const methodName = (type: string): string => METHOD_NAMES[type] ?? words(type);
export const brandName = (brand: string): string => BRAND_NAMES[brand.toLowerCase()] ?? words(brand);
const bankName = (bank: string): string => BANK_NAMES[bank] ?? words(bank);

/** "Visa ••4242", or the brand alone when the digits are unknown. */
export function cardLabel(brand: string, last4: string | null | undefined): string {
  return last4 ? `${brandName(brand)} ••${last4}` : brandName(brand);
}

/** "Apple Pay (Visa ••4242)", "Visa ••4242", "iDEAL (ING)", "Link", "SEPA Direct Debit ••3000". */
export function methodLabel(method: MethodDescription): string {
  const { type } = method;
  if (type === 'card' && method.card?.brand) {
    const card = cardLabel(method.card.brand, method.card.last4);
    const wallet = method.card.wallet?.type;
    return wallet ? `${WALLET_NAMES[wallet] ?? words(wallet)} (${card})` : card;
  }
  const bank = method.ideal?.bank ?? method.eps?.bank ?? method.bancontact?.bank_name ?? null;
  if (bank) return `${methodName(type)} (${bankName(bank)})`;
  const last4 = method.sepa_debit?.last4;
  if (last4) return `${methodName(type)} ••${last4}`;
  return methodName(type);
}

/**
 * The country a method without a card tells of its payer, for the VAT evidence: the bank account's where Stripe
 * gives it (a SEPA debit's IBAN), and the home country of the national bank schemes, which only that country's
 * banks offer (iDEAL: the Netherlands, Bancontact: Belgium, EPS: Austria). Null for the rest (Klarna, Link…).
 */
export function methodCountry(method: MethodDescription & { sepa_debit?: { country?: string | null } | null }) {
  if (method.sepa_debit?.country) return method.sepa_debit.country.toUpperCase();
  return SCHEME_COUNTRIES[method.type] ?? null;
}

const SCHEME_COUNTRIES: Readonly<Record<string, string>> = { ideal: 'NL', bancontact: 'BE', eps: 'AT' };

/**
 * How an order is paid, in words, for its buyer, its receipt, its invoice and the owner: the method's label recorded
 * with the payment ("Apple Pay (Visa ••4242)", "iDEAL (ING)"), or, for an order paid before labels were kept, its card.
 */
export function paymentMethodText(order: {
  payment_method_label: string | null;
  card_brand: string | null;
  card_last4: string | null;
}): string | null {
  if (order.payment_method_label) return order.payment_method_label;
  return order.card_brand ? cardLabel(order.card_brand, order.card_last4) : null;
}
