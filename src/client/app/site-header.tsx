import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../features/auth/auth-provider';
import { useCartCount } from '../features/cart/cart-store';
import { useFavoritesCount } from '../features/favorites/favorites-store';
import { useStoreSettings } from '../lib/store-settings';

const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/shop', label: 'Shop' },
  { to: '/categories', label: 'Categories' },
  { to: '/favorites', label: 'Favorites', badge: 'favorites' },
  { to: '/downloads', label: 'Downloads' },
  { to: '/about', label: 'About' },
  { to: '/cart', label: 'Cart', badge: 'cart' },
] as const;

function CountBadge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <span className="badge badge--count" aria-label={`${count} ${label}`}>
      {count}
    </span>
  );
}

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const cartCount = useCartCount();
  const favoritesCount = useFavoritesCount();
  const { state: auth, signOut } = useAuth();
  const { storeName } = useStoreSettings();
  const navigate = useNavigate();

  // Any route change (a link in the menu, back, forward) closes the phone menu.
  useEffect(() => setMenuOpen(false), [location.pathname, location.search]);

  return (
    <header className="site-header">
      <div className="site-header__bar">
        <Link to="/" className="brand" aria-label={`${storeName} home`}>
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span>{storeName}</span>
        </Link>
        <button
          type="button"
          className="site-header__menu-button"
          aria-expanded={menuOpen}
          aria-controls="site-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true">{menuOpen ? '✕' : '☰'}</span>
          <span className="visually-hidden">{menuOpen ? 'Close menu' : 'Open menu'}</span>
        </button>
        <nav
          id="site-nav"
          aria-label="Main"
          className={`site-nav${menuOpen ? ' site-nav--open' : ''}`}
          // Close at the tap itself: the next page may take a moment to load and the menu would cover it.
          onClick={(event) => {
            if ((event.target as HTMLElement).closest('a')) setMenuOpen(false);
          }}
        >
          <ul>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === '/'}>
                  {link.label}
                  {'badge' in link && link.badge === 'cart' && <CountBadge count={cartCount} label="items in cart" />}
                  {'badge' in link && link.badge === 'favorites' && (
                    <CountBadge count={favoritesCount} label="favorites" />
                  )}
                </NavLink>
              </li>
            ))}
            {auth.status === 'signed-in' && (
              <li>
                <NavLink to="/account">Account</NavLink>
              </li>
            )}
            {/* Pages arrive rendered for nobody in particular: the session is asked for once the app starts, and
                Login becomes Logout in a slot as wide as either, so nothing beside it moves. */}
            <li className="site-nav__account">
              {auth.status === 'signed-in' ? (
                <button
                  type="button"
                  className="site-nav__login"
                  title={`Signed in as ${auth.user.email}`}
                  onClick={() => void signOut().finally(() => navigate('/login'))}
                >
                  Logout
                </button>
              ) : (
                <NavLink to="/login" className="site-nav__login">
                  Login
                </NavLink>
              )}
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
