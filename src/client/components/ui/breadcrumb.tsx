import { Link } from 'react-router';

interface BreadcrumbProps {
  /** The pages above this one, from the top. */
  trail: ReadonlyArray<{ to: string; label: string }>;
  /** This page's own name, the last crumb (not a link). */
  current: string;
}

/** Where a page sits in the shop: "Shop › Sets › Coastal Calm", for the eye and for screen readers. */
export function Breadcrumb({ trail, current }: BreadcrumbProps) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumb">
      <ol>
        {trail.map((crumb) => (
          <li key={crumb.to}>
            <Link to={crumb.to}>{crumb.label}</Link>
          </li>
        ))}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
