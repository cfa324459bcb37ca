import { Link } from 'react-router';
import type { CategorySummary } from '#shared/catalogue/category-summary-schema.ts';

export function CategoryTiles({ categories }: { categories: CategorySummary[] }) {
  return (
    <ul className="category-tiles">
      {categories.map((category) => (
        <li key={category.id}>
          <Link
            to={`/shop?category=${category.id}`}
            className={`category-tile category-gradient--${category.id}`}
            // The two colours come from the shared category list; CSSOM styles are allowed by our CSP.
          >
            <span className="category-tile__icon" aria-hidden="true">
              {category.icon}
            </span>
            <span className="category-tile__name">{category.name}</span>
            <span className="category-tile__count">
              {category.artworkCount} {category.artworkCount === 1 ? 'artwork' : 'artworks'}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
