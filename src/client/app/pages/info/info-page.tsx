import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useStoreSettings } from '#client/lib/store-settings.ts';
import { usePageTitle } from '#client/lib/use-page-title.ts';

/** The date the legal pages show; change it together with their text. */
export const LAST_UPDATED = { label: 'November 2026', dateTime: '2026-11' } as const;

export interface InfoSection {
  /** The anchor of the section: the table of contents links to `#id`. */
  id: string;
  title: string;
  content: ReactNode;
}

interface InfoPageProps {
  title: string;
  lead: ReactNode;
  sections: InfoSection[];
  /** Legal pages say when their text last changed. */
  showLastUpdated?: boolean;
  className?: string;
}

/**
 * The layout of the help and legal pages: one <h1>, a lead, an "On this page" list of links and one <section>
 * with an <h2> per topic, closed by a short "still have a question?" note.
 */
export function InfoPage({ title, lead, sections, showLastUpdated = false, className }: InfoPageProps) {
  usePageTitle(title);
  return (
    <article className={`page info-page${className ? ` ${className}` : ''}`}>
      <header className="info-page__header">
        <h1>{title}</h1>
        <p className="lead">{lead}</p>
        {showLastUpdated && (
          <p className="info-page__updated">
            Last updated: <time dateTime={LAST_UPDATED.dateTime}>{LAST_UPDATED.label}</time>
          </p>
        )}
      </header>
      <div className="info-page__layout">
        <nav className="info-toc" aria-label="On this page">
          <p className="info-toc__label" aria-hidden="true">
            On this page
          </p>
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="info-page__body">
          {sections.map((section) => (
            <section
              key={section.id}
              id={section.id}
              className="info-section"
              aria-labelledby={`${section.id}-heading`}
            >
              <h2 id={`${section.id}-heading`}>{section.title}</h2>
              {section.content}
            </section>
          ))}
          <SupportNote />
        </div>
      </div>
    </article>
  );
}

/** "our contact form", plus the support address when the owner has set one. */
export function ContactOptions() {
  const { supportEmail } = useStoreSettings();
  return (
    <>
      our <Link to="/contact">contact form</Link>
      {supportEmail && (
        <>
          {' '}
          or e-mail <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
        </>
      )}
    </>
  );
}

function SupportNote() {
  return (
    <aside className="info-support" aria-label="Contact us">
      <p className="info-support__title">Still have a question?</p>
      <p>
        Write to us through <ContactOptions />. A real person reads every message and replies within <ReplyTime />.
      </p>
      <Link className="button" to="/contact">
        Contact us
      </Link>
    </aside>
  );
}

/** How fast support answers, kept on one line. */
export function ReplyTime() {
  return <span className="info-nowrap">1-2 business days</span>;
}

/** A store setting's text, set apart from the prose around it. */
export function PolicyQuote({ label, children }: { label: string; children: ReactNode }) {
  return (
    <figure className="info-quote">
      <figcaption className="info-quote__label">{label}</figcaption>
      <blockquote>
        <p>{children}</p>
      </blockquote>
    </figure>
  );
}
