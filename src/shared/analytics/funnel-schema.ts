import { z } from 'zod';
import { FUNNEL_EVENTS, FUNNEL_MESSAGES as M, isDay, isFunnelRange } from './funnel';

// The funnel's API: the app's beacon (POST /api/funnel/beacon) and the owner's report (GET /api/admin/funnel).

export const funnelBeaconSchema = z.strictObject({
  artworkId: z.number({ error: M.artworkId }).int(M.artworkId).positive(M.artworkId).max(2_147_483_647, M.artworkId),
  event: z.enum(FUNNEL_EVENTS, { error: M.event }),
  /** document.referrer of the page the visitor landed on; only its domain is kept. */
  referrer: z.string({ error: M.referrer }).max(2048, M.referrer).optional(),
});
export type FunnelBeacon = z.infer<typeof funnelBeaconSchema>;

const day = z.string({ error: M.day }).refine(isDay, M.day);

export const funnelQuerySchema = z
  .object({ from: day.optional(), to: day.optional() })
  .refine((query) => !query.from || !query.to || isFunnelRange(query.from, query.to), {
    message: M.range,
    path: ['to'],
  });

const count = z.number().int().nonnegative();

/** The funnel's figures for a day, an artwork or the whole range. Revenue in the store's currency's cents. */
const figuresSchema = z.object({
  views: count,
  /** Distinct visitors who saw the artwork that day (a salted hash of the day; the salt is gone the day after). */
  visitors: count,
  carts: count,
  checkouts: count,
  sales: count,
  revenueCents: count,
  /** Sales per view, 0 to 1; null without views. */
  conversion: z.number().nullable(),
});
export type FunnelFigures = z.infer<typeof figuresSchema>;

export const funnelReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  totals: figuresSchema,
  /** Every day of the range, oldest first, days without a count included as zeros. */
  days: z.array(figuresSchema.extend({ day: z.string() })),
  /** The artworks with any count in the range, most viewed first (at most 200). */
  artworks: z.array(figuresSchema.extend({ artworkId: z.number().int(), title: z.string().nullable() })),
  /** Where visitors came from (the domain of the page they followed a link on), most views first (at most 20). */
  referrers: z.array(z.object({ domain: z.string(), views: count })),
});
export type FunnelReport = z.infer<typeof funnelReportSchema>;
