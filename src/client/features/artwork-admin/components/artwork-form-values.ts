import { UPLOAD_DEFAULTS } from '#shared/catalogue/artwork-write.ts';
import type { AdminArtwork } from '#shared/catalogue/artwork-write-schema.ts';
import { MOCKUP_SCENES } from '#shared/catalogue/mockup-scenes.ts';
import { tiersOfStoreDefault, type StoreLicenceDefault } from '#shared/licences/licences.ts';

// The artwork form's fields as the owner first sees them, as text the inputs hold, and as they are sent.

/** A new artwork offers what STORE_LICENSE says until the owner ticks otherwise; an edit starts from the artwork's. */
export function initialValues(licenceDefault: StoreLicenceDefault, artwork?: AdminArtwork) {
  const tiers = tiersOfStoreDefault(licenceDefault);
  return {
    title: artwork?.title ?? '',
    artist: artwork?.artist ?? UPLOAD_DEFAULTS.artist,
    price: String(artwork?.licences.personal ?? artwork?.price ?? UPLOAD_DEFAULTS.price),
    originalPrice: artwork?.originalPrice == null ? '' : String(artwork.originalPrice),
    description: artwork?.description ?? '',
    category: artwork?.category ?? '',
    tags: artwork?.tags.join(', ') ?? '',
    dimensions: artwork?.dimensions ?? UPLOAD_DEFAULTS.dimensions,
    googleDriveLink: artwork?.googleDriveLink ?? '',
    isFeatured: artwork?.isFeatured ?? false,
    isNewArrival: artwork?.isNewArrival ?? false,
    offersPersonal: artwork ? artwork.licences.personal !== null : tiers.personal,
    offersCommercial: artwork ? artwork.licences.commercial !== null : tiers.commercial,
    commercialPrice: artwork?.licences.commercial == null ? '' : String(artwork.licences.commercial),
    payWhatYouWant: artwork?.payWhatYouWant != null,
    minimumPrice: artwork?.payWhatYouWant == null ? '' : String(artwork.payWhatYouWant.minimum),
    mockupsEnabled: artwork?.mockups.enabled ?? true,
    firstMockupScene: artwork?.mockups.firstScene ?? MOCKUP_SCENES[0],
    socialImage: artwork?.mockups.socialImage ?? ('picture' as const),
  };
}

/** The fields as the API takes them: numbers from the text, and pay what you want sold under Personal alone. */
export function valuesToSend(values: ReturnType<typeof initialValues>) {
  const { minimumPrice, ...fields } = values;
  // A blank minimum is not sent, and the server asks for it.
  const chosen = values.payWhatYouWant
    ? {
        offersPersonal: true,
        offersCommercial: false,
        ...(minimumPrice.trim() === '' ? {} : { minimumPrice: Number(minimumPrice) }),
      }
    : {};
  return {
    ...fields,
    ...chosen,
    price: Number(values.price),
    originalPrice: values.originalPrice.trim() === '' ? null : Number(values.originalPrice),
    commercialPrice:
      !values.payWhatYouWant && values.offersCommercial && values.commercialPrice.trim() !== ''
        ? Number(values.commercialPrice)
        : null,
    format: 'PNG',
  };
}
