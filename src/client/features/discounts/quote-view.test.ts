import { describe, expect, it } from 'vitest';
import type { CartQuote } from '#shared/orders/cart-quote-schema.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { CHECKOUT_MESSAGES } from '#shared/orders/checkout.ts';
import { codeStateOf, quoteLimitMessage, quotedLine } from './quote-view';

const quote = (code: CartQuote['code']): CartQuote => ({
  items: [
    {
      artworkId: 7,
      licence: 'personal',
      listUnitAmount: 1500,
      unitAmount: 1200,
      wasUnitAmount: 1500,
      quantity: 2,
      discount: 240,
      amount: 2160,
    },
  ],
  subtotal: 2400,
  discounts: code?.applied ? [{ label: code.code, amount: 240, kind: 'code' }] : [],
  discount: code?.applied ? 240 : 0,
  tax: null,
  total: code?.applied ? 2160 : 2400,
  code,
  suggestions: [],
});

describe("a quote's view of the code kept", () => {
  it('says whether the code applies and why not', () => {
    expect(codeStateOf(quote({ code: 'SPRING', applied: true, message: null }), 'SPRING')).toEqual({
      applied: true,
      message: null,
    });
    expect(codeStateOf(quote({ code: 'OLD', applied: false, message: 'This code has expired.' }), 'OLD')).toEqual({
      applied: false,
      message: 'This code has expired.',
    });
  });

  it('says nothing of a code from an earlier quote, nor without a code', () => {
    expect(codeStateOf(quote({ code: 'SPRING', applied: true, message: null }), 'OTHER')).toEqual({
      applied: false,
      message: null,
    });
    expect(codeStateOf(quote(null), '')).toEqual({ applied: false, message: null });
    expect(codeStateOf(undefined, 'SPRING')).toEqual({ applied: false, message: null });
  });

  it('says the server will check no more codes for now (429) beside the code, whatever quote is on screen', () => {
    const limited = new ApiError(429, CHECKOUT_MESSAGES.tooManyQuoteChecks);
    expect(quoteLimitMessage(limited)).toBe(CHECKOUT_MESSAGES.tooManyQuoteChecks);
    expect(codeStateOf(quote({ code: 'SPRING', applied: true, message: null }), 'SPRING', limited)).toEqual({
      applied: false,
      message: CHECKOUT_MESSAGES.tooManyQuoteChecks,
    });
    expect(codeStateOf(undefined, 'GUESS', limited)).toEqual({
      applied: false,
      message: CHECKOUT_MESSAGES.tooManyQuoteChecks,
    });
    // Without a code there is nothing to say beside the field; other failures are not this sentence.
    expect(codeStateOf(undefined, '', limited)).toEqual({ applied: false, message: null });
    expect(quoteLimitMessage(new ApiError(400, 'The VAT number is too long.'))).toBeNull();
    expect(quoteLimitMessage(new Error('network'))).toBeNull();
    expect(quoteLimitMessage(null)).toBeNull();
  });

  it("gives a line at its unit price before the order's discounts", () => {
    expect(quotedLine(quote(null), 7, 'personal')).toEqual({ unit: 1200, wasUnit: 1500, amount: 2400 });
    expect(quotedLine(quote(null), 8, 'personal')).toBeUndefined();
    expect(quotedLine(quote(null), 7, 'commercial')).toBeUndefined();
  });
});
