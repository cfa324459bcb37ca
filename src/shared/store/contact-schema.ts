import { z } from 'zod';
import { withoutNul } from './plain-text-schema';
import { emailSchema } from '../accounts/auth-schema';
import { CONTACT_TEXT_FIELDS, requiredMessage, tooLongMessage } from './contact';

const required = ({ label, max }: { label: string; max: number }) =>
  withoutNul(
    z
      .string({ error: requiredMessage(label) })
      .trim()
      .min(1, requiredMessage(label))
      .max(max, tooLongMessage(label, max)),
    label,
  );

export const contactMessageSchema = z.object({
  name: required(CONTACT_TEXT_FIELDS.name),
  email: emailSchema,
  subject: required(CONTACT_TEXT_FIELDS.subject),
  message: required(CONTACT_TEXT_FIELDS.message),
});
export type ContactMessageInput = z.infer<typeof contactMessageSchema>;
