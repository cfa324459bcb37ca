import { Link } from 'react-router';
import { ArtworkGrid } from '../../features/catalog/components/artwork-grid';
import { useFavorites } from '../../features/favorites/favorites-store';
import { usePageTitle } from '../../lib/use-page-title';

export default function FavoritesPage() {
  usePageTitle('My Favorites');
  const favorites = useFavorites();
  if (favorites.length === 0) {
    return (
      <section className="page page--narrow empty-state">
        <h1>No Favorites Yet</h1>
        <p>Tap the heart on any artwork to keep it here.</p>
        <p className="button-row">
          <Link className="button button--primary" to="/shop">
            Browse Shop
          </Link>
          <Link className="button" to="/categories">
            View Categories
          </Link>
        </p>
      </section>
    );
  }
  return (
    <div className="page">
      <h1>My Favorites</h1>
      <p className="muted">
        {favorites.length} {favorites.length === 1 ? 'artwork' : 'artworks'} saved
      </p>
      <ArtworkGrid artworks={favorites} />
    </div>
  );
}
