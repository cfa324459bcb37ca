import type { Config } from '../../config';
import { TableTaxCalculator, type TaxCalculator } from '../../modules/taxes';
import { stripeApiHostOf } from '../payments/create-payment-provider';
import { createStripeTaxCalculator } from './stripe-tax-calculator';

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
