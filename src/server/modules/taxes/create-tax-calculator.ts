import type { Config } from '../../config';
import { TableTaxCalculator } from './table-tax-calculator';
import type { TaxCalculator } from './tax-calculator';

/** The built-in rate table, unless Stripe Tax decides (STRIPE_TAX=true, with Stripe as the payments provider). */
export function createTaxCalculator(config: Config): TaxCalculator {
  return new TableTaxCalculator({
    registrations: config.tax.registrations,
    sellerCountry: config.tax.seller.country,
  });
}
