import type { Config } from '../../config';
import { stripeApiHostOf } from '../../providers/payments/create-payment-provider';
import { createStripeTaxCalculator } from '../../providers/tax/stripe-tax-calculator';
import { TableTaxCalculator } from './table-tax-calculator';
import type { TaxCalculator } from './tax-calculator';

/** The built-in rate table, unless Stripe Tax decides (STRIPE_TAX=true, with Stripe as the payments provider). */
export function createTaxCalculator(config: Config): TaxCalculator {
  const { payments } = config;
  if (config.tax.stripeTax && payments.provider === 'stripe')
    return createStripeTaxCalculator({ secretKey: payments.secretKey, apiHost: stripeApiHostOf(payments.apiUrl) });
  return new TableTaxCalculator({
    registrations: config.tax.registrations,
    sellerCountry: config.tax.seller.country,
  });
}
