import { CHECKOUT_MESSAGES } from '#shared/orders/checkout.ts';
import type { Contact, ContactProblems } from './components/contact-fields';

/** An e-mail that is present and has an '@' (the server checks it properly); the Pay button waits for it. */
export const emailLooksValid = (email: string) => email.trim().includes('@');

/** The e-mail, and first and last name, are required. */
export function contactProblems(contact: Contact): ContactProblems {
  const problems: ContactProblems = {};
  if (!emailLooksValid(contact.email)) problems.email = CHECKOUT_MESSAGES.invalidEmail;
  if (!contact.firstName.trim()) problems.firstName = CHECKOUT_MESSAGES.firstNameRequired;
  if (!contact.lastName.trim()) problems.lastName = CHECKOUT_MESSAGES.lastNameRequired;
  return problems;
}
