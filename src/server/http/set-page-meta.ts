import { IMAGE_SIZES, mainImageOf, srcsetOf } from '../../shared/catalogue/artwork-images';
import { licenceLabel } from '../../shared/licences/licences';
import type { ArtworkSet } from '../../shared/sets/set-schema';
import type { StoreCurrency } from '../../shared/taxes/taxes';
import type { PageMeta } from './page-meta';

const absolute = (publicUrl: string, path: string) => (/^https?:\/\//.test(path) ? path : `${publicUrl}${path}`);

/**
 * A set's page: its own title, share image (its cover) and JSON-LD, a `Product` with one `Offer` per licence the set
 * is sold under, at the set's price, and `isRelatedTo` naming each piece's own product page.
 */
export function setPageMeta(set: ArtworkSet, publicUrl: string, storeName: string, currency: StoreCurrency): PageMeta {
  const url = `${publicUrl}/sets/${set.id}`;
  const pieces = set.pieces.map((piece) => piece.title).join(', ');
  const words = set.description || `A set of ${set.pieces.length} artworks: ${pieces}.`;
  const description = words.length > 200 ? `${words.slice(0, 197)}...` : words;
  const images = set.cover?.images ?? [];
  const image = mainImageOf(images);
  const offers = (['personal', 'commercial'] as const).flatMap((tier) => {
    const price = set[tier];
    if (!price) return [];
    return [
      {
        '@type': 'Offer',
        name: licenceLabel(tier),
        url,
        price: price.price.toFixed(2),
        priceCurrency: currency.toUpperCase(),
        availability: 'https://schema.org/InStock',
      },
    ];
  });
  return {
    title: `${set.title} | ${storeName}`,
    description,
    url,
    type: 'product',
    preloadImage:
      images.length > 0 && set.cover
        ? { href: image?.url ?? set.cover.imageUrl, srcset: srcsetOf(images), sizes: IMAGE_SIZES.artworkMain }
        : undefined,
    image: set.cover
      ? {
          url: absolute(publicUrl, image?.url ?? set.cover.imageUrl),
          width: image?.width ?? 800,
          height: image?.height ?? 1000,
          alt: `${set.title}, a set of ${set.pieces.length} artworks`,
        }
      : undefined,
    structuredData: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: set.title,
      description: words,
      image: set.pieces.map((piece) => absolute(publicUrl, piece.imageUrl)),
      sku: `set-${set.id}`,
      offers,
      isRelatedTo: set.pieces.map((piece) => ({
        '@type': 'Product',
        name: piece.title,
        url: `${publicUrl}/artwork/${piece.id}`,
      })),
    },
  };
}
