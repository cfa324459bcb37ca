import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeProtocolServer, type StripeProtocolServer } from '#test-support/stripe-protocol-server.ts';
import type { TaxQuestion } from '../../modules/taxes';
import { loadStripe } from '../payments/stripe-payments';
import {
  createStripeTaxCalculator,
  DIGITAL_IMAGE_TAX_CODE,
  StripeTaxCalculator,
  taxIdOf,
} from './stripe-tax-calculator';

// The calculator speaks through the real SDK to a loopback server that answers as Stripe's API does, with an account
// whose head office is in Ireland and which is registered in a few countries.
describe('StripeTaxCalculator against a loopback Stripe API', () => {
  let server: StripeProtocolServer;
  let calculator: StripeTaxCalculator;

  beforeAll(async () => {
    server = await startStripeProtocolServer({
      taxRegistrations: { DE: '19.0', FI: '25.5', FR: '20.0', IE: '23.0', GB: '20.0' },
      headOffice: 'IE',
    });
    calculator = createStripeTaxCalculator({
      secretKey: 'sk_test_loopback',
      apiHost: { host: server.host, port: server.port, protocol: server.protocol },
    });
  });
  afterAll(() => server.close());

  function question(overrides: Partial<TaxQuestion> = {}): TaxQuestion {
    return {
      reference: `WA-${randomUUID().slice(0, 8)}`,
      currency: 'EUR',
      pricesIncludeTax: false,
      country: 'DE',
      business: null,
      lines: [
        { reference: 'artwork-1', amountCents: 1000, quantity: 1 },
        { reference: 'artwork-2', amountCents: 2550, quantity: 2 },
        { reference: 'artwork-3', amountCents: 1, quantity: 1 },
      ],
      ...overrides,
    };
  }

  function calculationOf(id: string | null) {
    const calculation = server.taxCalculations.get(id ?? '');
    if (!calculation) throw new Error(`no calculation ${id}`);
    return calculation;
  }

  /** A sale of 10.00 + 20.00 to a German consumer, 19 % on top: 35.70 paid, recorded at Stripe. */
  async function recordedSale() {
    const orderNumber = `WA-${randomUUID().slice(0, 8)}`;
    const answer = await calculator.calculate(
      question({
        lines: [
          { reference: 'a', amountCents: 1000, quantity: 1 },
          { reference: 'b', amountCents: 2000, quantity: 1 },
        ],
      }),
    );
    const transactionId = await calculator.recordSale({ calculationId: answer.calculationId, orderNumber });
    if (!transactionId) throw new Error('no transaction');
    /** A refund of the sale, its reference the order's number and `name`. */
    const refund = (amountCents: number, full: boolean, name: string) => ({
      transactionId,
      orderNumber,
      amountCents,
      full,
      reference: `${orderNumber}-${name}`,
    });
    return { orderNumber, transactionId, refund };
  }

  /** The reversals of a sale added up: amount and tax reversed, negative. */
  function reversedOf(transactionId: string) {
    const lines = server.reversalsOf(transactionId).flatMap((reversal) => reversal.lines);
    return {
      amount: lines.reduce((sum, line) => sum + line.amount, 0),
      tax: lines.reduce((sum, line) => sum + line.amount_tax, 0),
    };
  }

  describe('calculate', () => {
    it('adds 19 % to each line of a German consumer, half up, and the lines add up to what Stripe charges', async () => {
      const answer = await calculator.calculate(question());

      expect(answer).toMatchObject({ treatment: 'vat', scheme: 'stripe-tax', country: 'DE' });
      expect(answer.lines).toEqual([
        { netCents: 1000, taxCents: 190, grossCents: 1190, rateBp: 1900 },
        // 2550 × 19 % = 484.5: half up.
        { netCents: 2550, taxCents: 485, grossCents: 3035, rateBp: 1900 },
        { netCents: 1, taxCents: 0, grossCents: 1, rateBp: 1900 },
      ]);
      const calculation = calculationOf(answer.calculationId);
      expect(answer.calculationId).toMatch(/^taxcalc_/);
      expect(answer.lines.reduce((sum, line) => sum + line.grossCents, 0)).toBe(calculation.amount_total);
      expect(calculation.tax_amount_exclusive).toBe(675);
    });

    it('asks Stripe about the billing country, with the digital images tax code and each line by its reference', async () => {
      const answer = await calculator.calculate(question({ currency: 'EUR' }));

      const calculation = calculationOf(answer.calculationId);
      expect(calculation.currency).toBe('eur');
      expect(calculation.customer_details).toMatchObject({
        address: { country: 'DE' },
        address_source: 'billing',
        tax_ids: [],
      });
      expect(
        calculation.lines.map(({ reference, quantity, tax_code, tax_behavior }) => ({
          reference,
          quantity,
          tax_code,
          tax_behavior,
        })),
      ).toEqual([
        { reference: 'artwork-1', quantity: 1, tax_code: DIGITAL_IMAGE_TAX_CODE, tax_behavior: 'exclusive' },
        { reference: 'artwork-2', quantity: 2, tax_code: DIGITAL_IMAGE_TAX_CODE, tax_behavior: 'exclusive' },
        { reference: 'artwork-3', quantity: 1, tax_code: DIGITAL_IMAGE_TAX_CODE, tax_behavior: 'exclusive' },
      ]);
    });

    it('finds the tax inside prices that include it, at a rate with a decimal too', async () => {
      const lines = [{ reference: 'print', amountCents: 1000, quantity: 1 }];

      const german = await calculator.calculate(question({ pricesIncludeTax: true, lines }));
      const finnish = await calculator.calculate(question({ pricesIncludeTax: true, country: 'FI', lines }));

      // 10.00 ÷ 1.19 = 8.403…: 1.60 of tax inside; 10.00 ÷ 1.255 = 7.968…: 2.03.
      expect(german.lines).toEqual([{ netCents: 840, taxCents: 160, grossCents: 1000, rateBp: 1900 }]);
      expect(finnish.lines).toEqual([{ netCents: 797, taxCents: 203, grossCents: 1000, rateBp: 2550 }]);
      expect(calculationOf(german.calculationId)).toMatchObject({ amount_total: 1000, tax_amount_inclusive: 160 });
      expect(calculationOf(german.calculationId).lines[0]?.tax_behavior).toBe('inclusive');
    });

    it('gives a French business with an EU VAT number the reverse charge: no tax', async () => {
      const answer = await calculator.calculate(
        question({ country: 'FR', business: { vatNumber: 'FR40303265045', reverseCharge: true } }),
      );

      expect(answer).toMatchObject({ treatment: 'reverse-charge', scheme: 'stripe-tax', country: 'FR' });
      expect(answer.lines).toEqual([
        { netCents: 1000, taxCents: 0, grossCents: 1000, rateBp: 0 },
        { netCents: 2550, taxCents: 0, grossCents: 2550, rateBp: 0 },
        { netCents: 1, taxCents: 0, grossCents: 1, rateBp: 0 },
      ]);
      expect(calculationOf(answer.calculationId).customer_details.tax_ids).toEqual([
        { type: 'eu_vat', value: 'FR40303265045' },
      ]);
    });

    it("lets Stripe's rules win: a business in the head office's own country pays VAT", async () => {
      const answer = await calculator.calculate(
        question({ country: 'IE', business: { vatNumber: 'IE6388047V', reverseCharge: true } }),
      );

      expect(answer.treatment).toBe('vat');
      expect(answer.lines[0]).toEqual({ netCents: 1000, taxCents: 230, grossCents: 1230, rateBp: 2300 });
    });

    it('gives a UK business the reverse charge through its GB VAT number', async () => {
      const answer = await calculator.calculate(
        question({ country: 'GB', business: { vatNumber: 'GB980780684', reverseCharge: true } }),
      );

      expect(answer.treatment).toBe('reverse-charge');
      expect(calculationOf(answer.calculationId).customer_details.tax_ids).toEqual([
        { type: 'gb_vat', value: 'GB980780684' },
      ]);
    });

    it('charges nothing where the account collects no tax (a US buyer), and names no scheme', async () => {
      const answer = await calculator.calculate(question({ country: 'US', currency: 'usd' }));

      expect(answer).toMatchObject({ treatment: 'outside', scheme: null, country: 'US' });
      expect(answer.calculationId).toMatch(/^taxcalc_/);
      expect(answer.lines).toEqual([
        { netCents: 1000, taxCents: 0, grossCents: 1000, rateBp: 0 },
        { netCents: 2550, taxCents: 0, grossCents: 2550, rateBp: 0 },
        { netCents: 1, taxCents: 0, grossCents: 1, rateBp: 0 },
      ]);
    });

    it('reads every line of a long cart, past the first page Stripe embeds', async () => {
      const lines = Array.from({ length: 23 }, (_, index) => ({
        reference: `artwork-${index}`,
        amountCents: 100 * (index + 1),
        quantity: 1,
      }));

      const answer = await calculator.calculate(question({ lines }));

      expect(answer.lines).toHaveLength(23);
      expect(answer.lines.map((line) => line.taxCents)).toEqual(
        lines.map((line) => Math.round(line.amountCents * 0.19)),
      );
    });

    it('asks Stripe nothing for an empty cart', async () => {
      const before = server.taxCalculations.size;

      const answer = await calculator.calculate(question({ lines: [] }));

      expect(answer).toEqual({ lines: [], treatment: 'outside', scheme: null, country: 'DE', calculationId: null });
      expect(server.taxCalculations.size).toBe(before);
    });

    it("throws Stripe's refusal (two lines with one reference)", async () => {
      const lines = [
        { reference: 'same', amountCents: 100, quantity: 1 },
        { reference: 'same', amountCents: 200, quantity: 1 },
      ];

      await expect(calculator.calculate(question({ lines }))).rejects.toBeInstanceOf(
        // The SDK the store loaded (its CommonJS build, on first use): its errors are that build's classes.
        loadStripe().errors.StripeInvalidRequestError,
      );
    });
  });

  describe('recordSale', () => {
    it("records the calculation as a transaction named by the order's number", async () => {
      const answer = await calculator.calculate(question());

      const transactionId = await calculator.recordSale({
        calculationId: answer.calculationId,
        orderNumber: 'WA-100001',
      });

      const transaction = server.taxTransactions.get(transactionId ?? '');
      expect(transactionId).toMatch(/^tax_/);
      expect(transaction).toMatchObject({ type: 'transaction', reference: 'WA-100001', reversal: null });
      expect(transaction?.lines.map((line) => [line.reference, line.amount, line.amount_tax])).toEqual([
        ['artwork-1', 1000, 190],
        ['artwork-2', 2550, 485],
        ['artwork-3', 1, 0],
      ]);
    });

    it('records a sale once when asked again (a retry after a lost answer)', async () => {
      const answer = await calculator.calculate(question());
      const sale = { calculationId: answer.calculationId, orderNumber: `WA-${randomUUID().slice(0, 8)}` };

      const first = await calculator.recordSale(sale);
      const second = await calculator.recordSale(sale);

      expect(second).toBe(first);
      const recorded = [...server.taxTransactions.values()].filter((t) => t.reference === sale.orderNumber);
      expect(recorded).toHaveLength(1);
    });

    it('records nothing without a calculation', async () => {
      expect(await calculator.recordSale({ calculationId: null, orderNumber: 'WA-100002' })).toBeNull();
    });
  });

  describe('recordRefund', () => {
    it('reverses the whole sale in full', async () => {
      const { orderNumber, transactionId, refund } = await recordedSale();

      const reversalId = await calculator.recordRefund(refund(3570, true, 'refund-1'));

      const [reversal] = server.reversalsOf(transactionId);
      expect(reversal).toMatchObject({ id: reversalId, mode: 'full', reference: `${orderNumber}-refund-1` });
      expect(reversal?.lines.map((line) => [line.amount, line.amount_tax])).toEqual([
        [-1000, -190],
        [-2000, -380],
      ]);
    });

    it('reverses part of a sale, then the rest, and no more than the sale in all', async () => {
      const { orderNumber, transactionId, refund } = await recordedSale();

      await calculator.recordRefund(refund(1190, false, 'refund-1'));
      expect(reversedOf(transactionId)).toEqual({ amount: -1000, tax: -190 });
      await calculator.recordRefund(refund(2380, true, 'refund-2'));

      const reversals = server.reversalsOf(transactionId);
      expect(reversals.map((reversal) => [reversal.reference, reversal.mode])).toEqual([
        [`${orderNumber}-refund-1`, 'partial'],
        [`${orderNumber}-refund-2`, 'partial'],
      ]);
      expect(reversedOf(transactionId)).toEqual({ amount: -3000, tax: -570 });
    });

    it('records a refund once when asked again with its reference', async () => {
      const { transactionId, refund } = await recordedSale();

      const first = await calculator.recordRefund(refund(500, false, 'r1'));
      const second = await calculator.recordRefund(refund(500, false, 'r1'));

      expect(second).toBe(first);
      expect(server.reversalsOf(transactionId)).toHaveLength(1);
    });

    it("throws Stripe's refusal of a reversal after a full one", async () => {
      const { refund } = await recordedSale();
      await calculator.recordRefund(refund(3570, true, 'all'));

      await expect(calculator.recordRefund(refund(100, false, 'more'))).rejects.toThrow(/fully reversed/);
    });

    it('records nothing for a sale that was not recorded', async () => {
      const { refund } = await recordedSale();

      expect(await calculator.recordRefund({ ...refund(100, true, 'refund'), transactionId: null })).toBeNull();
    });
  });
});

describe('taxIdOf', () => {
  it("names a VAT number by its country's kind, in Stripe's form", () => {
    expect(taxIdOf('DE123456789')).toEqual({ type: 'eu_vat', value: 'DE123456789' });
    expect(taxIdOf('EL123456789')).toEqual({ type: 'eu_vat', value: 'EL123456789' });
    expect(taxIdOf('GB123456789')).toEqual({ type: 'gb_vat', value: 'GB123456789' });
    expect(taxIdOf('NO123456789MVA')).toEqual({ type: 'no_vat', value: '123456789MVA' });
    expect(taxIdOf('NO123456789')).toEqual({ type: 'no_vat', value: '123456789MVA' });
    expect(taxIdOf('CHE123456789')).toBeNull();
  });
});
