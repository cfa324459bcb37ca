import { z } from 'zod';
import { emailSchema } from '../accounts/auth-schema';
import { taxDocumentRefSchema } from '../taxes/tax-document-schema';
import { withoutNul } from '../store/plain-text-schema';
import { downloadOrderSchema } from './downloads-schema';

// Guest checkout's answers and bodies (decision 0058).

/** A guest's library link's token (`<order number>.<version>.<signature>`); its form is checked by the server. */
export const guestTokenParamsSchema = z.object({ token: withoutNul(z.string().min(1).max(120), 'The link') });

/** A guest's order as its library page shows it: the lines with their files, and its invoice and credit notes. */
export const guestLibrarySchema = z.object({
  order: downloadOrderSchema,
  customerEmail: z.string(),
  documents: z.array(taxDocumentRefSchema),
});
export type GuestLibrary = z.infer<typeof guestLibrarySchema>;

/** "Send me my links again". */
export const linksAgainSchema = z.object({ email: emailSchema });

/** The owner's revocation of an order's guest link, or a new link in its place. */
export const guestLinkChangeSchema = z.object({ action: z.enum(['revoke', 'reissue']) });
export const guestLinkAnswerSchema = z.object({ guestLink: z.string().nullable() });
