import type { ReactNode } from 'react';
import { usePageTitle } from '#client/lib/use-page-title.ts';
import '../../../features/admin/admin.css';
import '../../../features/admin/admin-orders.css';
import '../../../features/print-pack/print-pack.css';

/** The owner pages' heading and links; importing it brings the admin styles, so visitors never load them. */
export function AdminHeader({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <header className="admin-header">
      <h1>{title}</h1>
      <nav aria-label="Admin" className="button-row">
        {children}
      </nav>
    </header>
  );
}
