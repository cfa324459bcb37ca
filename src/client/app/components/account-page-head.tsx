import { Link } from 'react-router';
import { usePageTitle } from '#client/lib/use-page-title.ts';

/** The heading of a buyer's own page (downloads, orders), which also titles the tab, with a link to its sibling. */
export function AccountPageHead({ title, link }: { title: string; link: { to: string; label: string } }) {
  usePageTitle(title);
  return (
    <header className="section__head">
      <h1>{title}</h1>
      <Link to={link.to}>{link.label}</Link>
    </header>
  );
}
