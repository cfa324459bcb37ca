import { describe, expect, it } from 'vitest';
import { chosenAmountProblem, leastChosenCents, MAX_CHOSEN_CENTS, parseAmountText } from './chosen-amount';

describe('the amount a buyer chooses', () => {
  it('takes 0 only when the minimum is 0, and never an amount a card cannot be charged', () => {
    expect(chosenAmountProblem(0, 0, 'usd')).toBeNull();
    expect(chosenAmountProblem(50, 0, 'usd')).toBeNull();
    expect(chosenAmountProblem(20, 0, 'usd')).toBe(
      'Amounts between $0.00 and $0.50 cannot be charged by card: choose $0.00 or at least $0.50.',
    );
    expect(chosenAmountProblem(0, 300, 'usd')).toBe('The minimum for this artwork is $3.00: enter at least that.');
    expect(chosenAmountProblem(299, 300, 'usd')).not.toBeNull();
    expect(chosenAmountProblem(300, 300, 'usd')).toBeNull();
  });

  it('follows the store’s currency: 0.50 euro, 0.30 pound', () => {
    expect(chosenAmountProblem(49, 0, 'eur')).toMatch(/€0\.50/);
    expect(chosenAmountProblem(30, 0, 'gbp')).toBeNull();
    expect(chosenAmountProblem(29, 0, 'gbp')).toMatch(/£0\.30/);
    // A minimum below the smallest charge is raised to it.
    expect(leastChosenCents(20, 'usd')).toBe(50);
    expect(leastChosenCents(0, 'usd')).toBe(0);
  });

  it('refuses more than the highest price, and what is not a whole number of cents', () => {
    expect(chosenAmountProblem(MAX_CHOSEN_CENTS, 0, 'usd')).toBeNull();
    expect(chosenAmountProblem(MAX_CHOSEN_CENTS + 1, 0, 'usd')).toMatch(/most you can pay/);
    expect(chosenAmountProblem(-1, 0, 'usd')).not.toBeNull();
    expect(chosenAmountProblem(1.5, 0, 'usd')).not.toBeNull();
  });

  it('reads the field’s text as cents', () => {
    expect(parseAmountText(' 7.5 ')).toBe(750);
    expect(parseAmountText('0')).toBe(0);
    expect(parseAmountText('0,20')).toBe(20);
    expect(parseAmountText('.5')).toBe(50);
    expect(parseAmountText('')).toBeNull();
    expect(parseAmountText('1.234')).toBeNull();
    expect(parseAmountText('-2')).toBeNull();
    expect(parseAmountText('abc')).toBeNull();
  });
});
