import { useId, type ReactNode } from 'react';

/** One part of the account page: a titled card, named for screen readers by its heading. */
export function AccountSection({ title, children, danger }: { title: string; children: ReactNode; danger?: boolean }) {
  const id = useId();
  return (
    <section className={`account-section${danger ? ' account-section--danger' : ''}`} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
