import { z } from 'zod';
import { CATEGORY_IDS } from '../catalogue/categories';
import { CODE_PATTERN, normalizeCode } from './discounts';
import {
  DISCOUNT_KINDS,
  DISCOUNT_LIMITS as LIMITS,
  DISCOUNT_MESSAGES as M,
  DISCOUNT_SCOPES,
  DISCOUNT_STATUSES,
} from './discount-admin';
import { toCents } from '../money/money';
import { withoutNul } from '../store/plain-text-schema';
import type { StoreCurrency } from '../taxes/taxes';

// The owner's discounts API: what a create or an edit sends, and what the list answers. Amounts the owner types (a
// fixed amount off, a minimum subtotal) are in the store's currency with at most two decimals, as artwork prices are;
// what paid orders brought in is integer cents, as the sales figures are.

const money = (label: string, currency: StoreCurrency) =>
  z
    .number({ error: M.money(label, currency) })
    .positive(M.money(label, currency))
    .max(LIMITS.maxAmount, M.moneyMax(label, currency))
    .refine((value) => Math.abs(toCents(value) - value * 100) < 1e-6, M.money(label, currency));

const moment = z.iso.datetime({ offset: true, error: M.date });

const code = withoutNul(z.string({ error: M.code }).max(64, M.code), 'The code')
  .transform(normalizeCode)
  .pipe(z.string().regex(CODE_PATTERN, M.code));

/**
 * A discount as the owner's form sends it, for a create (POST) and an edit (PUT) alike: the whole discount. Fields
 * that do not belong to its kind (a limit of uses on a sale) or scope (artworks when it covers categories) must be
 * left empty (null, false or []), so nothing is sent that would silently do nothing. Its amounts are in the store's
 * currency, which its refusals name.
 */
export const discountWriteSchemaIn = (currency: StoreCurrency) =>
  z
    .object({
      kind: z.enum(DISCOUNT_KINDS, { error: M.kind }),
      code: code.nullable().default(null),
      /** Blank for a code: the code is its name. */
      name: withoutNul(z.string({ error: M.name }).trim().max(LIMITS.nameMax, M.name), 'The name').default(''),
      percentOff: z
        .number({ error: M.percent })
        .int(M.percent)
        .min(1, M.percent)
        .max(100, M.percent)
        .nullable()
        .default(null),
      amountOff: money('The amount off', currency).nullable().default(null),
      startsAt: moment.nullable().default(null),
      endsAt: moment.nullable().default(null),
      maxUses: z
        .number({ error: M.maxUses })
        .int(M.maxUses)
        .min(1, M.maxUses)
        .max(LIMITS.maxUses)
        .nullable()
        .default(null),
      oncePerCustomer: z.boolean().default(false),
      minSubtotal: money('The minimum subtotal', currency).nullable().default(null),
      minQuantity: z
        .number({ error: M.minQuantity })
        .int(M.minQuantity)
        .min(LIMITS.minQuantity, M.minQuantity)
        .max(LIMITS.maxQuantity)
        .nullable()
        .default(null),
      scope: z
        .enum(DISCOUNT_SCOPES, { error: 'Choose everything, chosen artworks or chosen categories.' })
        .default('all'),
      artworkIds: z
        .array(z.number().int().positive().max(2_147_483_647))
        .max(LIMITS.maxArtworks, `At most ${LIMITS.maxArtworks} artworks.`)
        .transform((ids) => [...new Set(ids)])
        .default([]),
      categoryIds: z
        .array(z.enum(CATEGORY_IDS, { error: M.category }))
        .max(CATEGORY_IDS.length)
        .transform((ids) => [...new Set(ids)])
        .default([]),
      combinesWithSales: z.boolean().default(false),
      /** Omitted on an edit: the discount stays on or off as it was. A create without it is on. */
      active: z.boolean().optional(),
    })
    .superRefine((d, ctx) => {
      const problem = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      if (d.kind === 'code') {
        if (d.code === null) problem('code', M.codeRequired);
        if (d.percentOff !== null && d.amountOff !== null) problem('amountOff', M.oneValue);
        if (d.percentOff === null && d.amountOff === null) problem('percentOff', M.valueRequired);
      } else {
        if (!d.name) problem('name', M.nameRequired);
        if (d.percentOff === null) problem('percentOff', M.percentRequired);
        if (d.code !== null) problem('code', M.codeOnly('a code'));
        if (d.amountOff !== null) problem('amountOff', M.codeOnly('an amount off'));
        if (d.maxUses !== null) problem('maxUses', M.codeOnly('a limit of uses'));
        if (d.oncePerCustomer) problem('oncePerCustomer', M.codeOnly('a once-per-customer rule'));
        if (d.minSubtotal !== null) problem('minSubtotal', M.codeOnly('a minimum subtotal'));
        if (d.combinesWithSales) problem('combinesWithSales', M.codeOnly('a choice to combine with sales'));
      }
      if (d.kind === 'quantity' && d.minQuantity === null) problem('minQuantity', M.minQuantity);
      if (d.kind !== 'quantity' && d.minQuantity !== null) problem('minQuantity', M.minQuantityOnly);
      if (d.startsAt && d.endsAt && new Date(d.endsAt) <= new Date(d.startsAt)) problem('endsAt', M.endBeforeStart);
      if (d.scope === 'artworks' && d.artworkIds.length === 0) problem('artworkIds', M.artworksRequired);
      if (d.scope !== 'artworks' && d.artworkIds.length > 0) problem('artworkIds', M.scopeMismatch('Artworks'));
      if (d.scope === 'categories' && d.categoryIds.length === 0) problem('categoryIds', M.categoriesRequired);
      if (d.scope !== 'categories' && d.categoryIds.length > 0) problem('categoryIds', M.scopeMismatch('Categories'));
    });
export type DiscountWrite = z.infer<ReturnType<typeof discountWriteSchemaIn>>;
/** What the form sends, before the server's defaults. */
export type DiscountWriteBody = z.input<ReturnType<typeof discountWriteSchemaIn>>;

export const discountIdParamsSchema = z.object({
  id: z.coerce.number({ error: M.notFound }).int(M.notFound).positive(M.notFound).max(2_147_483_647, M.notFound),
});

export const adminDiscountSchema = z.object({
  id: z.number().int(),
  kind: z.enum(DISCOUNT_KINDS),
  code: z.string().nullable(),
  name: z.string(),
  percentOff: z.number().int().nullable(),
  /** In the store's currency, as typed. */
  amountOff: z.number().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  oncePerCustomer: z.boolean(),
  /** In the store's currency, as typed. */
  minSubtotal: z.number().nullable(),
  minQuantity: z.number().int().nullable(),
  scope: z.enum(DISCOUNT_SCOPES),
  /** The chosen artworks that still exist, with their titles. */
  artworks: z.array(z.object({ id: z.number().int(), title: z.string() })),
  categoryIds: z.array(z.enum(CATEGORY_IDS)),
  combinesWithSales: z.boolean(),
  active: z.boolean(),
  status: z.enum(DISCOUNT_STATUSES),
  /** Paid orders that used the code (automatic sales and quantity breaks are not counted: always 0). */
  uses: z.number().int(),
  /** Uses held now by checkouts not paid yet (30 minutes each). */
  heldUses: z.number().int(),
  /**
   * Of `uses`, those paid past the code's limit: a payment for a checkout whose hold had lapsed or moved reached the
   * provider anyway, and was kept at what was charged.
   */
  overspentUses: z.number().int(),
  /** Of the paid orders that used the code: what they brought in (paid less refunded) and their discounts, cents. */
  revenue: z.number().int(),
  discounted: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminDiscount = z.infer<typeof adminDiscountSchema>;

export const adminDiscountListSchema = z.object({ items: z.array(adminDiscountSchema) });
export type AdminDiscountList = z.infer<typeof adminDiscountListSchema>;
