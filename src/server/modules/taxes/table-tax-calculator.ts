import type { TaxAnswer, TaxCalculator, TaxQuestion } from './tax-calculator';
import { taxLines } from './tax-lines';
import { taxRuleFor, type TaxSettings } from './tax-rule';

/** The built-in rate table's answer (vat-rates.ts), offline, with either payment provider. */
export class TableTaxCalculator implements TaxCalculator {
  readonly name = 'table' as const;

  constructor(private readonly settings: TaxSettings) {}

  calculate(question: TaxQuestion): Promise<TaxAnswer> {
    const rule = taxRuleFor(this.settings, question.country, question.business?.reverseCharge ?? false);
    return Promise.resolve({
      lines: taxLines(
        question.lines.map((line) => line.amountCents),
        rule.rateBp,
        question.pricesIncludeTax,
      ),
      treatment: rule.treatment,
      scheme: rule.treatment === 'outside' ? null : rule.scheme,
      country: rule.country,
      calculationId: null,
    });
  }

  recordSale(): Promise<string | null> {
    return Promise.resolve(null);
  }

  recordRefund(): Promise<string | null> {
    return Promise.resolve(null);
  }
}
