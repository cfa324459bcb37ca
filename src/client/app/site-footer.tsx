import { Link } from 'react-router';
import { CATEGORIES } from '../../shared/catalogue/categories';
import { FooterSubscribe } from '../features/mailing-list/components/footer-subscribe';
import { useStoreSettings } from '../lib/store-settings';

const FOUNDED = 2025;

const SHOP_LINKS = [
  { to: '/shop', label: 'All Artworks' },
  { to: '/categories', label: 'Categories' },
  { to: '/shop?filter=featured', label: 'Featured' },
  { to: '/shop?filter=new', label: 'New Arrivals' },
];

const HELP_LINKS = [
  { to: '/help-center', label: 'Help Center' },
  { to: '/download-guide', label: 'Download Guide' },
  { to: '/license-terms', label: 'License Terms' },
  { to: '/contact', label: 'Contact' },
];

const LEGAL_LINKS = [
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/terms-of-service', label: 'Terms of Service' },
  { to: '/cookie-policy', label: 'Cookie Policy' },
];

function LinkColumn({ title, links }: { title: string; links: Array<{ to: string; label: string }> }) {
  return (
    <div className="site-footer__column">
      <h2>{title}</h2>
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SiteFooter() {
  const year = new Date().getFullYear();
  const { storeName } = useStoreSettings();
  const categoryLinks = CATEGORIES.slice(0, 4).map((c) => ({ to: `/shop?category=${c.id}`, label: c.name }));
  return (
    <footer className="site-footer">
      <FooterSubscribe />
      <div className="site-footer__grid">
        <div className="site-footer__about">
          <p className="brand">{storeName}</p>
          <p>High-resolution digital art prints. Download instantly, print at any size, enjoy for life.</p>
        </div>
        <LinkColumn title="Shop" links={SHOP_LINKS} />
        <LinkColumn title="Categories" links={categoryLinks} />
        <LinkColumn title="Help" links={HELP_LINKS} />
        <LinkColumn title="Legal" links={LEGAL_LINKS} />
      </div>
      <p className="site-footer__copyright">
        © {year > FOUNDED ? `${FOUNDED}–${year}` : FOUNDED} {storeName}. All rights reserved.
      </p>
    </footer>
  );
}
