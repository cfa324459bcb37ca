import type { ArtworkDetail } from '../../shared/catalogue/artwork-schema';
import type { PublicReview } from '../../shared/reviews/review-schema';
import { IMAGE_SIZES, mainImageOf, srcsetOf } from '../../shared/catalogue/artwork-images';
import { findCategory } from '../../shared/catalogue/categories';
import { LICENCE_TIERS, licenceLabel } from '../../shared/licences/licences';
import { mockupAlt } from '../../shared/catalogue/mockup-scenes';
import type { StoreCurrency } from '../../shared/taxes/taxes';
import { escapeMarkup, jsonForScript } from './escaping';

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URL of the page. */
  url: string;
  image?: { url: string; width: number; height: number; alt: string };
  type: 'website' | 'product';
  /** schema.org data, written as JSON-LD. */
  structuredData?: object;
  /** The picture the page shows first: preloaded so the browser fetches it before any script runs. */
  preloadImage?: { href: string; srcset: string; sizes: string };
}

/**
 * Social crawlers and search engines read the first HTML response and run no JavaScript: the page's title,
 * description, Open Graph and Twitter tags and its JSON-LD go into the app shell on the server.
 */
export function renderPageHtml(shell: string, meta: PageMeta): string {
  const tags = [
    `<title>${escapeMarkup(meta.title)}</title>`,
    `<meta name="description" content="${escapeMarkup(meta.description)}" />`,
    `<link rel="canonical" href="${escapeMarkup(meta.url)}" />`,
    `<meta property="og:type" content="${meta.type}" />`,
    `<meta property="og:title" content="${escapeMarkup(meta.title)}" />`,
    `<meta property="og:description" content="${escapeMarkup(meta.description)}" />`,
    `<meta property="og:url" content="${escapeMarkup(meta.url)}" />`,
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escapeMarkup(meta.title)}" />`,
    `<meta name="twitter:description" content="${escapeMarkup(meta.description)}" />`,
  ];
  if (meta.image) {
    tags.push(
      `<meta property="og:image" content="${escapeMarkup(meta.image.url)}" />`,
      `<meta property="og:image:width" content="${meta.image.width}" />`,
      `<meta property="og:image:height" content="${meta.image.height}" />`,
      `<meta property="og:image:alt" content="${escapeMarkup(meta.image.alt)}" />`,
      `<meta name="twitter:image" content="${escapeMarkup(meta.image.url)}" />`,
    );
  }
  if (meta.preloadImage) {
    const { href, srcset, sizes } = meta.preloadImage;
    tags.push(
      `<link rel="preload" as="image" href="${escapeMarkup(href)}" imagesrcset="${escapeMarkup(srcset)}" imagesizes="${escapeMarkup(sizes)}" fetchpriority="high" />`,
    );
  }
  if (meta.structuredData)
    tags.push(`<script type="application/ld+json">${jsonForScript(meta.structuredData)}</script>`);

  return shell
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '')
    .replace('</head>', `${tags.join('\n    ')}\n  </head>`);
}

const absolute = (publicUrl: string, path: string) => (/^https?:\/\//.test(path) ? path : `${publicUrl}${path}`);

export function artworkPageMeta(
  artwork: ArtworkDetail,
  publicUrl: string,
  storeName: string,
  currency: StoreCurrency,
  /** Approved reviews to name in the JSON-LD (the newest few); the rating is the artwork's own. */
  reviews: readonly PublicReview[] = [],
): PageMeta {
  const url = `${publicUrl}/artwork/${artwork.id}`;
  const description =
    artwork.description.length > 200 ? `${artwork.description.slice(0, 197)}...` : artwork.description;
  const image = mainImageOf(artwork.images);
  const imageUrl = absolute(publicUrl, image?.url ?? artwork.imageUrl);
  const shared = sharedImageOf(artwork);
  return {
    title: `${artwork.title} by ${artwork.artist} | ${storeName}`,
    description,
    url,
    type: 'product',
    preloadImage:
      artwork.images.length > 0
        ? { href: image?.url ?? artwork.imageUrl, srcset: srcsetOf(artwork.images), sizes: IMAGE_SIZES.artworkMain }
        : undefined,
    image: shared
      ? { ...shared, url: absolute(publicUrl, shared.url), alt: mockupAlt(artwork.title, shared.scene) }
      : { url: imageUrl, width: image?.width ?? 800, height: image?.height ?? 1000, alt: artwork.title },
    structuredData: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: artwork.title,
      description: artwork.description,
      image: artwork.images.map((i) => absolute(publicUrl, i.url)),
      sku: String(artwork.id),
      category: findCategory(artwork.category)?.name,
      brand: { '@type': 'Brand', name: artwork.artist },
      // One offer per licence the artwork is sold under, each at its own price. A pay-what-you-want artwork's one
      // offer (Personal) is at its minimum, the least a buyer pays, said again as the price's minimum: the suggested
      // amount is only where the buyer's field starts.
      offers: LICENCE_TIERS.flatMap((tier) => {
        const chosen = tier === 'personal' ? artwork.payWhatYouWant : null;
        const price = chosen ? chosen.minimum : artwork.licences[tier];
        if (price === null) return [];
        const offer = {
          '@type': 'Offer',
          name: licenceLabel(tier),
          url,
          price: price.toFixed(2),
          priceCurrency: currency.toUpperCase(),
          ...(chosen
            ? {
                priceSpecification: {
                  '@type': 'PriceSpecification',
                  minPrice: chosen.minimum.toFixed(2),
                  priceCurrency: currency.toUpperCase(),
                },
              }
            : {}),
        };
        return [{ ...offer, availability: 'https://schema.org/InStock' }];
      }),
      ...reviewsData(artwork.rating, reviews),
    },
  };
}

/**
 * The room mockup shared instead of the picture, when the owner chose so and the public sees one: the first
 * mockup's rendition at least 1600 px wide (else its largest), as large cards want.
 */
function sharedImageOf(artwork: ArtworkDetail) {
  if (artwork.socialImage !== 'mockup') return undefined;
  const first = artwork.media.find((item) => item.mockup !== undefined);
  const images = [...(first?.images ?? [])].sort((a, b) => a.width - b.width);
  const large = images.find((rendition) => rendition.width >= SHARED_MOCKUP_WIDTH) ?? images.at(-1);
  return large && first?.mockup ? { ...large, scene: first.mockup } : undefined;
}

const SHARED_MOCKUP_WIDTH = 1600;

/**
 * The rating and reviews of the Product, only when approved reviews exist: search engines refuse an aggregate
 * rating of nothing, and pending or hidden reviews are no one's to show.
 */
function reviewsData(rating: ArtworkDetail['rating'], reviews: readonly PublicReview[]) {
  if (!rating || reviews.length === 0) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: rating.average,
      reviewCount: rating.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: reviews.map((review) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: review.author },
      reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
      ...(review.title ? { name: review.title } : {}),
      reviewBody: review.text,
      datePublished: review.publishedAt.slice(0, 10),
    })),
  };
}

export function defaultPageMeta(path: string, publicUrl: string, storeName: string): PageMeta {
  return {
    title: `${storeName} — Digital Art Prints`,
    description: 'Downloadable digital wall art: high-resolution prints to frame at home, delivered instantly.',
    url: `${publicUrl}${path}`,
    type: 'website',
  };
}
