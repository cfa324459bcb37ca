import { Link } from 'react-router';
import { useToast } from '../../components/ui/toast';
import { cartActions } from '../../features/cart/cart-store';
import { ArtworkGrid } from '../../features/catalogue/components/artwork-grid';
import { favoritesActions, useFavorites } from '../../features/favorites/favorites-store';
import { usePageTitle } from '../../lib/use-page-title';
import { useTwoStepConfirm } from '../../lib/use-two-step-confirm';
import { SITE_PAGES } from '#shared/store/site-pages.ts';
import { ButtonLinks } from '#client/components/ui/button-links.tsx';
import { GalleryWallButton } from '#client/features/gallery-wall/gallery-wall-button.tsx';

export default function FavoritesPage() {
  usePageTitle(SITE_PAGES['/favorites'].title);
  const favorites = useFavorites();
  const toast = useToast();
  const clearAll = useTwoStepConfirm(favoritesActions.clear);

  const addAllToCart = () => {
    favorites.forEach((artwork) => cartActions.add(artwork));
    toast(`${favorites.length} ${favorites.length === 1 ? 'artwork' : 'artworks'} added to cart`);
  };

  if (favorites.length === 0) {
    return (
      <section className="page page--narrow empty-state">
        <h1>No Favorites Yet</h1>
        <p>Tap the heart on any artwork to keep it here.</p>
        <p className="button-row">
          <ButtonLinks
            links={[
              { to: '/shop', label: 'Browse Shop', primary: true },
              { to: '/categories', label: 'View Categories' },
            ]}
          />
        </p>
      </section>
    );
  }

  return (
    <div className="page favorites">
      <Link to="/" className="back-link">
        ← Back to Home
      </Link>
      <div className="section__head">
        <div>
          <h1>My Favorites</h1>
          <p className="muted">
            {favorites.length} {favorites.length === 1 ? 'artwork' : 'artworks'} saved
          </p>
        </div>
        <p className="button-row">
          <button type="button" className="button button--primary" onClick={addAllToCart}>
            Add All to Cart
          </button>
          <GalleryWallButton artworkIds={favorites.map((artwork) => artwork.id)} />
          <button type="button" className={`button${clearAll.armed ? ' button--danger' : ''}`} onClick={clearAll.click}>
            {clearAll.armed ? 'Click to Confirm' : 'Clear All'}
          </button>
        </p>
      </div>
      <ArtworkGrid
        artworks={favorites}
        renderActions={(artwork) => (
          <button
            type="button"
            className="icon-button"
            aria-label="Remove from favorites"
            title="Remove from favorites"
            onClick={() => favoritesActions.remove(artwork.id)}
          >
            <span aria-hidden="true">✕</span>
          </button>
        )}
      />
      <aside className="favorites__footer">
        <p>Ready to decorate? Add everything you saved to the cart in one go.</p>
        <p className="button-row">
          <button type="button" className="button button--primary" onClick={addAllToCart}>
            Add All to Cart
          </button>
          <Link className="button" to="/cart">
            View Cart
          </Link>
        </p>
      </aside>
    </div>
  );
}
