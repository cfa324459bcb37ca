import { z } from 'zod';
import { emailSchema } from './auth';

export const CONTACT_MESSAGES = {
  sent: 'Thank you! Your message has been sent.',
  failed: 'Sorry, there was a problem sending your message. Please try again later.',
} as const;

const required = (label: string, max: number) =>
  z.string().trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

export const contactMessageSchema = z.object({
  name: required('Name', 100),
  email: emailSchema,
  subject: required('Subject', 200),
  message: required('Message', 5000),
});
export type ContactMessageInput = z.infer<typeof contactMessageSchema>;
