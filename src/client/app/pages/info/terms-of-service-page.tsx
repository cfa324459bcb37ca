import { Link } from 'react-router';
import { useStoreSettings } from '#client/lib/store-settings.ts';
import { ContactOptions, InfoPage, PolicyQuote, ReplyTime, type InfoSection } from './info-page';
import { SITE_PAGES } from '#shared/store/site-pages.ts';
import { CURRENCY_NAMES } from '#shared/money/currency-words.ts';

export default function TermsOfServicePage() {
  const { storeName, licenseText, refundText, downloadText, currency } = useStoreSettings();

  const sections: InfoSection[] = [
    {
      id: 'about',
      title: 'About these terms',
      content: (
        <>
          <p>
            These terms apply when you use the {storeName} website and when you buy from it. By creating an account or
            placing an order you agree to them, so please read them first.
          </p>
          <p>
            Our <Link to="/license-terms">License Terms</Link> are part of these terms. Our{' '}
            <Link to="/privacy-policy">Privacy Policy</Link> and <Link to="/cookie-policy">Cookie Policy</Link> explain
            how we handle your data.
          </p>
        </>
      ),
    },
    {
      id: 'eligibility',
      title: 'Who can buy',
      content: (
        <p>
          You must be 18 or older to create an account or place an order. By doing so you confirm that you are at least
          18 and able to enter into a binding agreement.
        </p>
      ),
    },
    {
      id: 'account',
      title: 'Your account',
      content: (
        <ul>
          <li>
            You sign in with your e-mail address and a password. Use an address you can receive mail at: we send your
            confirmation and password reset links there.
          </li>
          <li>Keep your password to yourself. You are responsible for what happens under your account.</li>
          <li>
            If you think someone else has used your account, reset your password and tell us through <ContactOptions />.
          </li>
          <li>We may suspend an account that is used to break these terms.</li>
        </ul>
      ),
    },
    {
      id: 'products',
      title: 'What you buy',
      content: (
        <>
          <p>
            Everything we sell is a digital download: high-resolution (300 DPI) PNG image files, and for some listings
            JPG files too. Each artwork page lists the formats and print ratios included. Nothing physical is shipped;
            you print the artwork yourself or through a print shop.
          </p>
          <p>
            The images on the site show the artwork as faithfully as we can, but colors vary between screens, printers
            and papers, so a print may look slightly different from what you see on your screen.
          </p>
        </>
      ),
    },
    {
      id: 'payment',
      title: 'Prices and payment',
      content: (
        <>
          <p>
            Prices are in {CURRENCY_NAMES[currency]} and shown on each artwork, in your cart and at checkout. The total
            shown at checkout is the amount you pay.
          </p>
          <p>
            You pay by major credit card. Payments are processed by our card processor, Stripe; your card details go
            directly to Stripe and never touch our server. Your order is complete when the payment is confirmed. If a
            price is shown wrongly because of an obvious error, we may cancel the order and refund you in full.
          </p>
        </>
      ),
    },
    {
      id: 'delivery',
      title: 'Delivery and access',
      content: (
        <p>
          As soon as your payment is confirmed, your files are waiting in <Link to="/downloads">My Downloads</Link> in
          your account. {downloadText} The <Link to="/download-guide">Download Guide</Link> explains how to download,
          open and print them.
        </p>
      ),
    },
    {
      id: 'licence',
      title: 'Your license',
      content: (
        <>
          <p>Each artwork you buy comes with this license:</p>
          <PolicyQuote label={licenseText.label}>{licenseText.summary}</PolicyQuote>
          <p>
            The full <Link to="/license-terms">License Terms</Link> set out what is and is not allowed. The artwork's
            copyright stays with the artist.
          </p>
        </>
      ),
    },
    {
      id: 'refunds',
      title: 'Refunds',
      content: (
        <>
          <PolicyQuote label={refundText.label}>{refundText.summary}</PolicyQuote>
          <p>
            To ask for a refund or a replacement, write to us through <ContactOptions /> with your order number and a
            short description. Refunds go back to the card you paid with. Nothing in these terms takes away any rights
            you have by law as a consumer.
          </p>
        </>
      ),
    },
    {
      id: 'support',
      title: 'Support',
      content: (
        <p>
          If something is wrong with an order or a file, please contact us within 30 days of purchase. We reply within{' '}
          <ReplyTime />. The <Link to="/help-center">Help Center</Link> answers the most common questions.
        </p>
      ),
    },
    {
      id: 'acceptable-use',
      title: 'Using the site fairly',
      content: (
        <>
          <p>When you use the site, please do not:</p>
          <ul>
            <li>try to get into accounts or parts of the site that are not yours, or interfere with how it works;</li>
            <li>copy the preview images or collect listings automatically in bulk;</li>
            <li>share your account, or the files you bought, with other people;</li>
            <li>use the contact form to send spam or anything unlawful.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'ownership',
      title: 'Intellectual property',
      content: (
        <p>
          The artworks belong to the artists who created them. The rest of the site, including its text and design,
          belongs to {storeName}. Apart from the licence you receive with a purchase, these terms give you no rights to
          either.
        </p>
      ),
    },
    {
      id: 'liability',
      title: 'Our responsibility',
      content: (
        <>
          <p>
            We take care to keep the store running and your files available, but we cannot promise that the site will
            always be free of interruptions or errors. If a file we sold you is faulty, we will replace it or refund
            you.
          </p>
          <p>
            As far as the law allows, we are not responsible for indirect losses, and our total responsibility for an
            order is limited to the amount you paid for it. This does not limit any responsibility that cannot be
            limited by law.
          </p>
        </>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to these terms',
      content: (
        <p>
          We may update these terms from time to time; the date at the top of this page shows the latest version. The
          terms in force when you place an order apply to that order.
        </p>
      ),
    },
  ];

  return (
    <InfoPage
      title={SITE_PAGES['/terms-of-service'].title}
      lead="The agreement between you and us when you use this site and buy artwork from it."
      sections={sections}
      showLastUpdated
    />
  );
}
