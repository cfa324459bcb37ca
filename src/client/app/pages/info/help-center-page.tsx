import { Link } from 'react-router';
import { useStoreSettings } from '#client/lib/store-settings.ts';
import { FaqList, type FaqItem } from './faq-list';
import { ContactOptions, InfoPage, PolicyQuote, ReplyTime, type InfoSection } from './info-page';
import { SITE_PAGES } from '#shared/store/site-pages.ts';

export default function HelpCenterPage() {
  const { storeName, licenseText, refundText, downloadText } = useStoreSettings();

  const ordering: FaqItem[] = [
    {
      question: 'How do I buy an artwork?',
      answer: (
        <>
          <p>
            Add the artworks you like to your <Link to="/cart">cart</Link>, then choose Proceed to Checkout. You sign in
            (or create an account) at checkout, pay by card, and your files are ready straight away.
          </p>
          <p>You can browse, save favorites and fill your cart without an account.</p>
        </>
      ),
    },
    {
      question: 'Which payment methods do you accept?',
      answer: (
        <p>
          We accept all major credit cards. Payments are handled by our card processor, Stripe: your card details go
          straight to Stripe and never touch our server, and we never see or store your full card number.
        </p>
      ),
    },
    {
      question: 'Do I need an account?',
      answer: (
        <p>
          Only to buy. Your account is where your purchases live, so you can download them again whenever you want. All
          it needs is an e-mail address and a password: <Link to="/register">create an account</Link>.
        </p>
      ),
    },
    {
      question: 'Will you post me a print or a frame?',
      answer: (
        <p>
          No. Everything in the shop is a digital download: you receive the image files and print them yourself, at home
          or at a print shop. Nothing is shipped, so there are no delivery costs and no waiting.
        </p>
      ),
    },
  ];

  const files: FaqItem[] = [
    {
      question: 'Where do I find my files after paying?',
      answer: (
        <p>
          Sign in and open <Link to="/downloads">My Downloads</Link> (Downloads in the menu). Every order is listed
          there with a download button for each artwork. The <Link to="/download-guide">Download Guide</Link> walks
          through it step by step.
        </p>
      ),
    },
    {
      question: 'How long can I download my purchases?',
      answer: (
        <p>
          {downloadText} That covers a new computer or a second print. Keeping your own backup copy is still a good
          idea.
        </p>
      ),
    },
    {
      question: 'What file format and resolution do I get?',
      answer: (
        <p>
          High-resolution PNG files at 300 DPI, the standard for sharp prints. Some listings also include a JPG; the
          Format line on each artwork page says exactly what you get.
        </p>
      ),
    },
    {
      question: 'My download did not start or the file will not open. What can I do?',
      answer: (
        <>
          <p>
            First check that you are signed in with the account you bought with, then try again in another browser or on
            a computer rather than a phone. High-resolution files are large and can take a moment on a slow connection.
          </p>
          <p>
            If it still does not work, write to us through <ContactOptions /> with your order number and we will sort it
            out.
          </p>
        </>
      ),
    },
  ];

  const printing: FaqItem[] = [
    {
      question: 'What sizes can I print?',
      answer: (
        <p>
          The Dimensions line on each artwork page lists the print ratios the artwork is prepared for, such as 2x3, 4x5,
          5x7 or 11x14. Any print size in one of those ratios fits without cropping, from a small 5x7 inch print to a
          large poster. The <Link to="/download-guide#sizes">size table in the Download Guide</Link> lists the common
          sizes for each ratio.
        </p>
      ),
    },
    {
      question: 'Can I print at home?',
      answer: (
        <p>
          Yes. A good inkjet or photo printer gives lovely results up to its largest paper size, usually Letter or A4.
          Use the highest quality setting and a matte or photo paper; the{' '}
          <Link to="/download-guide#home-printing">Download Guide</Link> has the settings that matter.
        </p>
      ),
    },
    {
      question: 'Can a print shop print it for me?',
      answer: (
        <p>
          Yes, and for large sizes we recommend it. Take the file to a local print shop or upload it to an online
          printing service, and ask for a photo or fine art print at the size you chose.
        </p>
      ),
    },
    {
      question: 'Why do the colors look different in print?',
      answer: (
        <p>
          Screens give off light and paper reflects it, so prints usually look a little darker and less saturated than
          the image on your screen. Matte and fine art papers soften colors more than glossy paper. A small test print
          before a large one is the best way to check.
        </p>
      ),
    },
  ];

  const licenceAndRefunds: FaqItem[] = [
    {
      question: 'What am I allowed to do with the artwork?',
      answer: (
        <>
          <p>Every purchase comes with this license:</p>
          <PolicyQuote label={licenseText.label}>{licenseText.summary}</PolicyQuote>
          <p>
            The <Link to="/license-terms">License Terms</Link> list exactly what is and is not allowed.
          </p>
        </>
      ),
    },
    {
      question: 'Can I get a refund?',
      answer: (
        <>
          <PolicyQuote label={refundText.label}>{refundText.summary}</PolicyQuote>
          <p>
            To ask, write to us through <ContactOptions /> with your order number. The{' '}
            <Link to="/terms-of-service#refunds">Terms of Service</Link> have the details.
          </p>
        </>
      ),
    },
  ];

  const account: FaqItem[] = [
    {
      question: 'I forgot my password.',
      answer: (
        <p>
          Use <Link to="/forgot-password">Forgot password</Link> on the sign-in page. Enter your e-mail address and we
          will send you a link to choose a new password.
        </p>
      ),
    },
    {
      question: 'Why was I signed out?',
      answer: (
        <p>
          To protect your account, a sign-in lasts until you have been inactive for 30 minutes, and never longer than 12
          hours (the store's default settings). Just sign in again: your cart and favorites are kept in your browser, so
          nothing is lost.
        </p>
      ),
    },
    {
      question: 'Do you track me or use advertising cookies?',
      answer: (
        <p>
          No. {storeName} uses a single cookie, to keep you signed in, and no analytics, advertising or third-party
          scripts. The <Link to="/cookie-policy">Cookie Policy</Link> and{' '}
          <Link to="/privacy-policy">Privacy Policy</Link> explain what we store and why.
        </p>
      ),
    },
    {
      question: 'How do I change my e-mail address or close my account?',
      answer: (
        <p>
          Write to us through <ContactOptions /> from the address on your account and we will take care of it. Please
          download your files first if you close your account: they can only be downloaded from it.
        </p>
      ),
    },
  ];

  const sections: InfoSection[] = [
    { id: 'ordering', title: 'Ordering and payment', content: <FaqList items={ordering} /> },
    { id: 'downloads', title: 'Downloads and files', content: <FaqList items={files} /> },
    { id: 'printing', title: 'Printing', content: <FaqList items={printing} /> },
    { id: 'licence-refunds', title: 'License and refunds', content: <FaqList items={licenceAndRefunds} /> },
    { id: 'account', title: 'Your account and privacy', content: <FaqList items={account} /> },
    {
      id: 'order-help',
      title: 'Help with an order',
      content: (
        <p>
          For help with an order, please contact us within 30 days of purchase and include your order number: you find
          it in <Link to="/downloads">My Downloads</Link>. Tell us which artwork it is about and what went wrong, and we
          will reply within <ReplyTime />.
        </p>
      ),
    },
  ];

  return (
    <InfoPage
      title={SITE_PAGES['/help-center'].title}
      lead="Answers to the questions we hear most about orders, downloads, printing and your account. Select a question to open its answer."
      sections={sections}
    />
  );
}
