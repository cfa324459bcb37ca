import { z } from 'zod';
import { withoutNul } from '../store/plain-text-schema';

/**
 * One upgrade in the cart (decision 0068): the Personal order line to upgrade. A guest, who has no account, also
 * gives their library's token (the one in the link they were mailed), which shows the line is theirs.
 */
export const upgradeCartItemSchema = z.object({
  itemId: z.number().int().positive().max(2_147_483_647),
  guestToken: withoutNul(z.string().trim().min(1).max(200), 'The library link').optional(),
});
export type UpgradeCartItem = z.infer<typeof upgradeCartItemSchema>;
