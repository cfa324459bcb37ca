// The contact form's texts and rules, shared by the form and the API; no zod here, so the form loads no validation library.
import { emailProblem } from '../accounts/auth';

export const CONTACT_MESSAGES = {
  sent: 'Thank you! Your message has been sent.',
  failed: 'Sorry, there was a problem sending your message. Please try again later.',
  incomplete: 'Please fill in every field.',
} as const;

/** The text fields with their label and longest length; the e-mail follows the account rules. */
export const CONTACT_TEXT_FIELDS = {
  name: { label: 'Name', max: 100 },
  subject: { label: 'Subject', max: 200 },
  message: { label: 'Message', max: 5000 },
} as const;

export const requiredMessage = (label: string) => `${label} is required`;
export const tooLongMessage = (label: string, max: number) => `${label} must be at most ${max} characters`;

/** The form's fields: the text fields and the e-mail address. */
type ContactField = keyof typeof CONTACT_TEXT_FIELDS | 'email';

/** The form's check before sending: the first problem of each field at fault. */
export function contactFieldErrors(input: Record<ContactField, string>): Partial<Record<ContactField, string>> {
  const errors: Partial<Record<ContactField, string>> = {};
  for (const [field, { label, max }] of Object.entries(CONTACT_TEXT_FIELDS) as [
    keyof typeof CONTACT_TEXT_FIELDS,
    { label: string; max: number },
  ][]) {
    const value = input[field].trim();
    if (!value) errors[field] = requiredMessage(label);
    else if (value.length > max) errors[field] = tooLongMessage(label, max);
  }
  const email = emailProblem(input.email);
  if (email) errors.email = email;
  return errors;
}
