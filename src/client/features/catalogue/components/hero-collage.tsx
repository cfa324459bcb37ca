import { IMAGE_SIZES } from '#shared/catalogue/artwork-images.ts';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { advanceTiles, HERO_TICK_MS, HERO_TILES, initialTiles, type HeroPicture } from '../hero-rotation';
import { STOCK_IMAGE_HEIGHT, STOCK_IMAGE_WIDTH } from '../stock-images';
import { ArtworkImage } from './artwork-image';

const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** Four tiles that slowly trade pictures; still for visitors who ask for reduced motion. */
export function HeroCollage({ pool }: { pool: HeroPicture[] }) {
  const [tiles, setTiles] = useState(() => initialTiles(pool.length, Date.now(), Math.random));

  useEffect(() => setTiles(initialTiles(pool.length, Date.now(), Math.random)), [pool.length]);
  useEffect(() => {
    if (pool.length === 0 || prefersReducedMotion()) return;
    const timer = window.setInterval(
      () => setTiles((t) => advanceTiles(t, pool.length, Date.now(), Math.random)),
      HERO_TICK_MS,
    );
    return () => window.clearInterval(timer);
  }, [pool.length]);

  // Until the pictures arrive, empty tiles hold their place, so nothing below the hero moves when they come.
  if (pool.length === 0) {
    return (
      <div className="hero__collage" aria-hidden="true">
        {Array.from({ length: HERO_TILES }, (_, index) => (
          <div key={index} className="hero__tile" />
        ))}
      </div>
    );
  }

  return (
    <div className="hero__collage">
      {tiles.map((tile, index) => {
        const current = pool[tile.current];
        const previous = tile.previous === null ? undefined : pool[tile.previous];
        if (!current) return null;
        const first = tile.previous === null;
        const content = (
          <>
            {previous && <HeroImage key={`previous-${keyOf(previous)}`} picture={previous} />}
            <HeroImage
              key={keyOf(current)}
              picture={current}
              priority={first && index === 0}
              eager={first}
              incoming={!first}
            />
          </>
        );
        // Stock pictures are no artwork, so their tiles link nowhere.
        return current.kind === 'artwork' ? (
          <Link
            key={index}
            to={`/artwork/${current.artwork.id}`}
            className="hero__tile"
            tabIndex={-1}
            aria-hidden="true"
          >
            {content}
          </Link>
        ) : (
          <div key={index} className="hero__tile" aria-hidden="true">
            {content}
          </div>
        );
      })}
    </div>
  );
}

const keyOf = (picture: HeroPicture) => (picture.kind === 'artwork' ? `artwork-${picture.artwork.id}` : picture.url);

interface HeroImageProps {
  picture: HeroPicture;
  priority?: boolean;
  eager?: boolean;
  incoming?: boolean;
}

/** An artwork's picture, which falls back to a stock one if it fails, or a stock picture. */
function HeroImage({ picture, priority = false, eager = false, incoming = false }: HeroImageProps) {
  const className = incoming ? 'hero__image--incoming' : undefined;
  if (picture.kind === 'stock') {
    return (
      <img
        className={className}
        src={picture.url}
        alt=""
        width={STOCK_IMAGE_WIDTH}
        height={STOCK_IMAGE_HEIGHT}
        loading={eager ? 'eager' : 'lazy'}
      />
    );
  }
  return (
    <ArtworkImage
      artwork={picture.artwork}
      priority={priority}
      eager={eager}
      className={className}
      sizes={IMAGE_SIZES.heroTile}
      labelFailure={false}
    />
  );
}
