import { describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES } from '#shared/orders/checkout.ts';
import { contactProblems, emailLooksValid } from './contact-checks';

describe('the contact information checks', () => {
  it("wants an e-mail with an '@' and both names", () => {
    expect(contactProblems({ email: 'ann@example.test', firstName: 'Ann', lastName: 'Lee' })).toEqual({});
    expect(contactProblems({ email: 'ann', firstName: ' ', lastName: '' })).toEqual({
      email: CHECKOUT_MESSAGES.invalidEmail,
      firstName: CHECKOUT_MESSAGES.firstNameRequired,
      lastName: CHECKOUT_MESSAGES.lastNameRequired,
    });
    expect(emailLooksValid('  ')).toBe(false);
  });
});
