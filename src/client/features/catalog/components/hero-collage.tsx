import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Artwork } from '../../../../shared/artwork';
import { advanceTiles, HERO_TICK_MS, HERO_TILES, initialTiles } from '../hero-rotation';
import { ArtworkImage } from './artwork-image';

const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** Four tiles that slowly trade pictures; still for visitors who ask for reduced motion. */
export function HeroCollage({ pool }: { pool: Artwork[] }) {
  const [tiles, setTiles] = useState(() => initialTiles(pool.length, Date.now(), Math.random));

  useEffect(() => setTiles(initialTiles(pool.length, Date.now(), Math.random)), [pool.length]);
  useEffect(() => {
    if (pool.length === 0 || prefersReducedMotion()) return;
    const timer = window.setInterval(() => setTiles((t) => advanceTiles(t, pool.length, Date.now(), Math.random)), HERO_TICK_MS);
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
        return (
          <Link key={index} to={`/artwork/${current.id}`} className="hero__tile" tabIndex={-1} aria-hidden="true">
            {previous && <ArtworkImage key={`previous-${previous.id}`} artwork={previous} sizes="(max-width: 768px) 45vw, 240px" />}
            <ArtworkImage
              key={current.id}
              artwork={current}
              priority={tile.previous === null && index === 0}
              eager={tile.previous === null}
              className={tile.previous === null ? undefined : 'hero__image--incoming'}
              sizes="(max-width: 768px) 45vw, 240px"
            />
          </Link>
        );
      })}
    </div>
  );
}
