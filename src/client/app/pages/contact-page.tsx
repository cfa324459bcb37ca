import { ContactForm } from '../../features/contact/contact-form';
import { usePageTitle } from '../../lib/use-page-title';
import { SITE_PAGES } from '#shared/store/site-pages.ts';

export default function ContactPage() {
  usePageTitle(SITE_PAGES['/contact'].title);
  return (
    <section className="page contact-page">
      <h1>Contact Us</h1>
      <p className="lead">
        A question about a print, a file or an order? Write to us: we reply within 1-2 business days. For an order,
        please get in touch within 30 days of purchase and mention your order number.
      </p>
      <ContactForm />
    </section>
  );
}
