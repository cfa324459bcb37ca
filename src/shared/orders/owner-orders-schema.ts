import { z } from 'zod';
import { withoutNul } from '../store/plain-text-schema';
import { ORDER_STATUSES } from './checkout';
import { orderLineSchema, taxSummarySchema } from './checkout-schema';
import { taxDocumentRefSchema } from '../taxes/tax-document-schema';

export const adminOrdersQuerySchema = z.object({
  q: withoutNul(z.string().trim().max(254), 'The search').optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

const adminOrderRowSchema = z.object({
  orderNumber: z.string(),
  paymentIntentId: z.string().nullable(),
  customerEmail: z.string(),
  customerName: z.string(),
  /** Its buyer deleted their account: no address or name is shown, the order and its documents stay. */
  accountDeleted: z.boolean(),
  status: z.enum(ORDER_STATUSES),
  amount: z.number().int(),
  refunded: z.number().int(),
  /** What the order was charged in ('usd'): its amounts read in it, whatever the store's currency is today. */
  currency: z.string(),
  itemCount: z.number().int(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

export const adminOrderListSchema = z.object({
  items: z.array(adminOrderRowSchema),
  total: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminOrderList = z.infer<typeof adminOrderListSchema>;

export const adminOrderDetailSchema = adminOrderRowSchema.extend({
  /** The lines at their (sale) prices; amount = subtotal − discount. */
  subtotal: z.number().int(),
  discount: z.number().int(),
  discountLabel: z.string().nullable(),
  /** 'free': an order of $0.00, completed without a payment. */
  provider: z.enum(['test', 'stripe', 'free']),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  /** How it was paid, in words ("Apple Pay (Visa ••4242)", "iDEAL (ING)"). */
  paymentMethod: z.string().nullable(),
  /** `itemId` names the line for a refund of it; `charged` is what the buyer paid for it (net and tax, after discount). */
  items: z.array(orderLineSchema.extend({ itemId: z.number().int(), charged: z.number().int() })),
  tax: taxSummarySchema,
  /** Where the buyer lives, on what evidence (the billing address's and the card's countries), and a business's VAT number. */
  taxEvidence: z.object({
    billingCountry: z.string().nullable(),
    cardCountry: z.string().nullable(),
    confirmedByBuyer: z.boolean(),
    vatNumber: z.string().nullable(),
    vatNumberCheckedBy: z.string().nullable(),
  }),
  /** Its invoice and credit notes, oldest first (decision 0042). */
  documents: z.array(taxDocumentRefSchema),
  /** A guest's order (no account, decision 0058): whether its library link was revoked. Null for an account's. */
  guestLink: z.object({ revoked: z.boolean() }).nullable().optional(),
  history: z.array(z.object({ status: z.enum(ORDER_STATUSES), note: z.string(), at: z.string() })),
  downloads: z.array(
    z.object({ title: z.string(), format: z.string(), ipAddress: z.string(), userAgent: z.string(), at: z.string() }),
  ),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

export const orderNumberParamsSchema = z.object({
  orderNumber: withoutNul(z.string().min(1).max(40), 'The order number'),
});
/**
 * Cents; without an amount, whatever is left of the payment is refunded. `requestId`, made once per refund the owner
 * asks for, makes the same request sent twice (a double click, a retry) one refund.
 */
export const refundBodySchema = z.object({
  amount: z.number().int().positive().optional(),
  requestId: withoutNul(z.string().trim().min(8).max(100), 'The request id').optional(),
});

/**
 * The owner's refund of one line (decision 0071): an artwork bought on its own (`itemId`, the line's) or a set
 * bought whole (`setId`: all its lines). Exactly one of the two.
 */
export const lineRefundBodySchema = z
  .object({
    itemId: z.number().int().positive().optional(),
    setId: z.number().int().positive().optional(),
  })
  .refine((body) => (body.itemId === undefined) !== (body.setId === undefined), {
    message: 'Name the line to refund: either itemId or setId.',
    path: ['itemId'],
  });
export type LineRefundBody = z.infer<typeof lineRefundBodySchema>;

export const salesSummarySchema = z.object({
  revenue: z.object({ today: z.number().int(), last30Days: z.number().int(), allTime: z.number().int() }),
  orders: z.object({ today: z.number().int(), last30Days: z.number().int(), allTime: z.number().int() }),
  /** What discount codes and quantity breaks took off paid orders (sale prices are in their lines' prices). */
  discounts: z.object({ last30Days: z.number().int(), allTime: z.number().int() }),
  topArtworks: z.array(
    z.object({ artworkId: z.number().int(), title: z.string(), revenue: z.number().int(), sold: z.number().int() }),
  ),
  downloadsLast30Days: z.number().int(),
});
export type SalesSummary = z.infer<typeof salesSummarySchema>;
