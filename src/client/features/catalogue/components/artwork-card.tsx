import { IMAGE_SIZES } from '#shared/catalogue/artwork-images.ts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Artwork } from '#shared/catalogue/artwork-schema.ts';
import { ArtworkImage } from './artwork-image';
import { shownPrice } from '../shown-price';
import { PriceTag } from './price-tag';
import { StarRating } from '#client/components/ui/star-rating.tsx';

const CARD_TAGS = 3;

interface ArtworkCardProps {
  artwork: Artwork;
  eager?: boolean;
  /** The first card of a grid at the top of a page is usually its largest picture: fetch it first. */
  priority?: boolean;
  /** Buttons shown over the picture on hover or keyboard focus (add to cart, favourite...), given by the page. */
  actions?: ReactNode;
}

/**
 * The title link stretches over the whole card (CSS), so the card is one big target while the action buttons,
 * stacked above it, stay separate controls: no button nested inside a link.
 */
export function ArtworkCard({ artwork, eager = false, priority = false, actions }: ArtworkCardProps) {
  const discount = shownPrice(artwork).percentOff;
  const extraTags = artwork.tags.length - CARD_TAGS;
  return (
    <article className="artwork-card">
      <div className="artwork-card__media">
        <ArtworkImage artwork={artwork} eager={eager} priority={priority} sizes={IMAGE_SIZES.card} />
        <div className="artwork-card__badges">
          {discount !== null && <span className="badge badge--sale">Sale -{discount}%</span>}
          {artwork.isNewArrival && <span className="badge badge--new">New</span>}
        </div>
        {actions && <div className="artwork-card__actions">{actions}</div>}
      </div>
      <div className="artwork-card__body">
        <h3 className="artwork-card__title">
          <Link to={`/artwork/${artwork.id}`} className="artwork-card__link">
            {artwork.title}
          </Link>
        </h3>
        <p className="artwork-card__artist">by {artwork.artist}</p>
        {artwork.rating && (
          <p className="artwork-card__rating">
            <StarRating average={artwork.rating.average} count={artwork.rating.count} small />
          </p>
        )}
        <PriceTag artwork={artwork} />
        <ul className="tag-list" aria-label="Tags">
          {artwork.tags.slice(0, CARD_TAGS).map((tag) => (
            <li key={tag} className="tag">
              {tag}
            </li>
          ))}
          {extraTags > 0 && <li className="tag tag--more">+{extraTags}</li>}
        </ul>
        {artwork.downloadCount > 0 && (
          <p className="artwork-card__downloads">
            {artwork.downloadCount} {artwork.downloadCount === 1 ? 'download' : 'downloads'}
          </p>
        )}
      </div>
    </article>
  );
}
