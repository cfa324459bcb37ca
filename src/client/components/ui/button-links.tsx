import { Link } from 'react-router';

export interface ButtonLink {
  to: string;
  label: string;
  /** The page's main next step, drawn as the primary button. */
  primary?: boolean;
}

/** Links drawn as buttons, in the caller's row; `block` makes each as wide as its column. */
export function ButtonLinks({ links, block = false }: { links: readonly ButtonLink[]; block?: boolean }) {
  return links.map((link) => (
    <Link
      key={`${link.to}:${link.label}`}
      className={['button', link.primary && 'button--primary', block && 'button--block'].filter(Boolean).join(' ')}
      to={link.to}
    >
      {link.label}
    </Link>
  ));
}
