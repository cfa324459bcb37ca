import { z } from 'zod';
import { withoutNul } from '../store/plain-text-schema';
import { artworkSchema, imageRenditionSchema, mediaItemSchema, SOCIAL_IMAGES } from './artwork-schema';
import { CATEGORY_IDS } from './categories';
import { SHOWN_JOB_STATUSES } from '../jobs/job-status';
import { MOCKUP_SCENES } from './mockup-scenes';
import { toCents } from '../money/money';
import { dropEmptyUpdateValues, MAX_PRICE, UPLOAD_DEFAULTS, UPLOAD_KINDS } from './artwork-write';
import { releaseSchema, releaseStateSchema } from './artwork-release-schema';

// What the owner sends to create, change and bulk-change artworks, and the rules each field must meet.

const requiredText = (label: string, max: number) =>
  withoutNul(
    z
      .string({ error: `${label} is required` })
      .trim()
      .min(1, `${label} is required`)
      .max(max, `${label} must be at most ${max} characters`),
    label,
  );

/** Money with at most two decimals, as the form's step 0.01 allows. */
const price = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(MAX_PRICE, `${label} must be at most ${MAX_PRICE}`)
    .refine((value) => Math.abs(toCents(value) - value * 100) < 1e-6, `${label} can have at most two decimals`);

/**
 * Which licences the artwork is sold under: Personal at `price`, Commercial at `commercialPrice`. Left out on a new
 * artwork, the store's STORE_LICENSE decides; the server checks that one is offered and that Commercial has a price.
 */
const licenceFields = {
  /**
   * Pay what you want: the buyer chooses the amount, at least `minimumPrice` (0 allows a free download), starting
   * at `price`, the suggested amount; sold under the personal licence only. The server checks the pair.
   */
  payWhatYouWant: z.boolean({ error: 'Pay what you want must be true or false' }).optional(),
  minimumPrice: price('Minimum price').optional(),
  offersPersonal: z.boolean({ error: 'Offers personal must be true or false' }).optional(),
  offersCommercial: z.boolean({ error: 'Offers commercial must be true or false' }).optional(),
  commercialPrice: price('Commercial price').nullable().optional(),
};

/** Tags arrive as a list or as the form's comma-separated text; either way trimmed, blanks dropped, no repeats. */
export const tagsSchema = z
  .union([z.array(z.string()), z.string()])
  .transform((value) => (typeof value === 'string' ? value.split(',') : value))
  .transform((tags) => [...new Set(tags.map((t) => t.trim()).filter(Boolean))])
  .pipe(
    z
      .array(withoutNul(z.string().max(50, 'Each tag must be at most 50 characters'), 'A tag'))
      .max(30, 'At most 30 tags'),
  );

/** What the public sees of the room mockups the store makes from the picture. */
const mockupFields = {
  mockupsEnabled: z.boolean({ error: 'Show room mockups must be true or false' }).optional(),
  firstMockupScene: z
    .enum(MOCKUP_SCENES, { error: `First scene must be one of: ${MOCKUP_SCENES.join(', ')}` })
    .optional(),
  socialImage: z.enum(SOCIAL_IMAGES, { error: "Social image must be 'picture' or 'mockup'" }).optional(),
};

const driveLinkSchema = z
  .url({ error: 'The download link must be a full web address (https://...)' })
  .refine((url) => /^https?:\/\//.test(url), 'The download link must be a web address (https://...)');

/** Files are referred to by the URL or key the upload answered with; the server checks they are its own. */
const storedUrl = withoutNul(z.string().trim().min(1).max(500), 'A file address');

export const artworkCreateSchema = z
  .object({
    title: requiredText('Title', 200),
    artist: requiredText('Artist', 100),
    price: price('Price'),
    originalPrice: price('Original price').nullable().optional(),
    description: requiredText('Description', 5000),
    category: z.enum(CATEGORY_IDS, { error: 'Choose one of the ten categories' }),
    tags: tagsSchema.default([]),
    dimensions: withoutNul(z.string().trim().max(200), 'Dimensions').default(UPLOAD_DEFAULTS.dimensions),
    format: z.literal('PNG', { error: "Format must be 'PNG'" }).default('PNG'),
    previewUrl: storedUrl,
    media: z.array(mediaItemSchema).max(11, 'At most 11 media files').default([]),
    googleDriveLink: driveLinkSchema.nullable().optional(),
    /** The key of a privately stored full-resolution file (see uploads, kind 'private'). */
    privateFileKey: withoutNul(z.string().trim().min(1).max(300), 'The full-resolution file').nullable().optional(),
    isNewArrival: z.boolean().default(false),
    isFeatured: z.boolean().default(false),
    /** Left out: published at once, as before drafts existed. */
    release: releaseSchema.optional(),
    ...licenceFields,
    ...mockupFields,
  })
  .refine((a) => a.googleDriveLink || a.privateFileKey, {
    path: ['googleDriveLink'],
    message: 'Add a Google Drive download link or upload the full-resolution file',
  });
export type ArtworkCreate = z.infer<typeof artworkCreateSchema>;

/**
 * An edit changes only the fields sent; empty and null values are dropped, so an empty Drive link,
 * preview or media list keeps what the artwork had. originalPrice may be cleared with null.
 */
export const artworkUpdateSchema = z.object({
  title: requiredText('Title', 200).optional(),
  artist: requiredText('Artist', 100).optional(),
  price: price('Price').optional(),
  originalPrice: price('Original price').nullable().optional(),
  description: requiredText('Description', 5000).optional(),
  category: z.enum(CATEGORY_IDS, { error: 'Choose one of the ten categories' }).optional(),
  tags: tagsSchema.optional(),
  dimensions: withoutNul(z.string().trim().min(1).max(200), 'Dimensions').optional(),
  format: z.literal('PNG', { error: "Format must be 'PNG'" }).optional(),
  previewUrl: storedUrl.optional(),
  media: z.array(mediaItemSchema).max(11, 'At most 11 media files').optional(),
  googleDriveLink: driveLinkSchema.optional(),
  privateFileKey: withoutNul(z.string().trim().min(1).max(300), 'The full-resolution file').optional(),
  isNewArrival: z.boolean().optional(),
  isFeatured: z.boolean().optional(),
  release: releaseSchema.optional(),
  ...licenceFields,
  ...mockupFields,
});
export type ArtworkUpdate = z.infer<typeof artworkUpdateSchema>;
/** The body of an edit as sent: its empty values (dropEmptyUpdateValues) are dropped before the rules apply. */
export const artworkUpdateBodySchema = z
  .record(z.string(), z.unknown())
  .transform(dropEmptyUpdateValues)
  .pipe(artworkUpdateSchema);

export const bulkChangeSchema = z.union([
  z.object({
    ids: z.array(z.number().int().positive().max(2_147_483_647)).min(1, 'Select at least one artwork').max(1000),
    changes: z
      .object({
        category: z.enum(CATEGORY_IDS).optional(),
        isFeatured: z.boolean().optional(),
        isNewArrival: z.boolean().optional(),
      })
      .refine(
        (c) => Object.values(c).some((v) => v !== undefined),
        'Please select artworks and choose at least one status to change.',
      ),
  }),
  z.object({
    ids: z.array(z.number().int().positive().max(2_147_483_647)).min(1, 'Select at least one artwork').max(1000),
    delete: z.literal(true),
  }),
]);
export type BulkChange = z.infer<typeof bulkChangeSchema>;
export const bulkChangeResponseSchema = z.object({ changed: z.number().int() });
export type BulkChangeResponse = z.infer<typeof bulkChangeResponseSchema>;

export const privateFileSchema = z.object({ name: z.string(), size: z.number().int(), contentType: z.string() });

/**
 * The room mockups as the owner sees them: the choices, every scene made (shown or not), and the job's state
 * ('none': no picture to make them from; 'failed' with the reason).
 */
export const ownerMockupsSchema = z.object({
  enabled: z.boolean(),
  firstScene: z.enum(MOCKUP_SCENES).nullable(),
  socialImage: z.enum(SOCIAL_IMAGES),
  status: z.enum(SHOWN_JOB_STATUSES),
  error: z.string().nullable(),
  scenes: z.array(z.object({ scene: z.enum(MOCKUP_SCENES), images: z.array(imageRenditionSchema) })),
});
export type OwnerMockups = z.infer<typeof ownerMockupsSchema>;

/** The owner's view: the public artwork plus what only the owner may see. Its `media` are the owner's own. */
export const adminArtworkSchema = artworkSchema.extend({
  googleDriveLink: z.string().nullable(),
  privateFile: privateFileSchema.nullable(),
  mockups: ownerMockupsSchema,
  release: releaseStateSchema,
});
export type AdminArtwork = z.infer<typeof adminArtworkSchema>;
export const adminArtworkListSchema = z.object({ items: z.array(adminArtworkSchema) });
export type AdminArtworkList = z.infer<typeof adminArtworkListSchema>;

export const uploadedFileSchema = z.object({
  /** Public URL (preview, media) or null for a private file. */
  url: z.string().nullable(),
  /** The storage key; a private file is referred to by it. */
  path: z.string(),
  type: z.enum(['image', 'video', 'file']),
  contentType: z.string(),
  size: z.number().int(),
  name: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  images: z.array(z.object({ url: z.string(), width: z.number().int(), height: z.number().int() })),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;
export const uploadQuerySchema = z.object({ kind: z.enum(UPLOAD_KINDS) });
export const uploadResponseSchema = z.object({ files: z.array(uploadedFileSchema) });
export type UploadResponse = z.infer<typeof uploadResponseSchema>;
