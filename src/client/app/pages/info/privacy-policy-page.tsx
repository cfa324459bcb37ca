import { Link } from 'react-router';
import { useStoreSettings } from '#client/lib/store-settings.ts';
import { ContactOptions, InfoPage, type InfoSection } from './info-page';
import { SITE_PAGES } from '#shared/store/site-pages.ts';

export default function PrivacyPolicyPage() {
  const { storeName } = useStoreSettings();

  const sections: InfoSection[] = [
    {
      id: 'who-we-are',
      title: 'Who we are',
      content: (
        <>
          <p>
            {storeName} ("we", "us") sells downloadable digital wall art through this website and is responsible for the
            personal data described here.
          </p>
          <p>
            We collect as little as we can: what we need to run your account, deliver what you buy, answer your messages
            and, only if you ask for it, e-mail you. We do not sell your data, and we do not use it for advertising.
          </p>
        </>
      ),
    },
    {
      id: 'what-we-collect',
      title: 'What we collect',
      content: (
        <dl className="info-terms">
          <dt>Your account</dt>
          <dd>
            Your e-mail address and your password. We never store the password itself, only a one-way scrypt hash of it,
            from which the password cannot be read back. We also record when your account was created and when you
            confirmed your e-mail address. When we send you a link to confirm your address, change it or reset your
            password, we keep a fingerprint of that link until it is used or expires (24 hours at most).
          </dd>
          <dt>Your saved cart and favorites</dt>
          <dd>
            While you are signed in, your cart and favorites are also kept with your account, so they follow you to
            another browser.
          </dd>
          <dt>Your orders</dt>
          <dd>
            What you bought, the prices, taxes and total, the date, your e-mail address and billing name, the payment
            reference from our card processor, and the evidence of your country that tax law asks us to keep (your
            billing country and your card's country, and a VAT number if you gave one). We issue an invoice for each
            paid order, and a credit note for each refund. We keep these to give you your downloads and for our
            accounts.
          </dd>
          <dt>Your downloads</dt>
          <dd>
            Each download of a file you bought: which file, when, and from which IP address and browser, so we can count
            downloads and notice a link shared beyond its buyer.
          </dd>
          <dt>Your reviews</dt>
          <dd>
            If you review an artwork you bought: your rating, your words, the name you chose to show (your first name or
            initials), the order that shows you bought it and, if you add one, your photo of the print (we remove the
            photo's hidden data, such as its location, before keeping it).
          </dd>
          <dt>Your mailing-list choices</dt>
          <dd>
            Each kind of e-mail you asked for (news, new artworks, a cart reminder, a review request), and as proof of
            your consent: when and where you gave it, the words you agreed to and when you confirmed it from the e-mail
            we sent; when you unsubscribe, when you did. If mail to your address is refused for good by your mail
            provider, we note the address and the refusal and stop sending list mail to it. For each message we send to
            the list, we keep whether it was sent.
          </dd>
          <dt>Your payment</dt>
          <dd>
            Card payments are processed by Stripe. Your card details go directly to Stripe and never touch our server;
            we receive only the result of the payment and a reference to it, never your card number.
          </dd>
          <dt>Messages you send us</dt>
          <dd>
            When you use the <Link to="/contact">contact form</Link>, we store your name, e-mail address, subject,
            message and the time you sent it, and e-mail it to the store owner so we can reply.
          </dd>
          <dt>Sign-in sessions</dt>
          <dd>
            While you are signed in, our server keeps a record of your session: a fingerprint of the session cookie,
            when it started and when it was last used. The session ends when you sign out, after 30 minutes without
            activity or after 12 hours (our default settings).
          </dd>
          <dt>Security and technical data</dt>
          <dd>
            To protect sign-in, sign-up, password reset and the contact form from abuse, we count attempts per IP
            address and per e-mail address for one minute at a time. Like most websites, our server may also keep short
            technical logs (such as the time, page requested and IP address) to keep the service running and secure.
          </dd>
          <dt>Visit counts</dt>
          <dd>
            The owner sees how many people viewed each artwork, added it to a cart and bought it. To count a visitor
            once a day without a cookie, we combine your IP address and browser name with a random value that changes
            daily and keep only the result; the daily value is deleted the next day, after which nobody can tell whose
            visit it was. Your IP address itself is not stored.
          </dd>
        </dl>
      ),
    },
    {
      id: 'in-your-browser',
      title: 'What stays in your browser',
      content: (
        <p>
          Your cart and your favorites are kept in your own browser's local storage, so they work without an account; a
          visitor's cart reaches us only at checkout. Once you sign in, they are also kept with your account (above),
          and signing out clears the browser's copy. We use one cookie, to keep you signed in; the{' '}
          <Link to="/cookie-policy">Cookie Policy</Link> describes it and the browser storage in detail.
        </p>
      ),
    },
    {
      id: 'what-we-do-not-do',
      title: 'What we do not do',
      content: (
        <ul className="info-list info-list--no">
          <li>No visitor tracking: the visit counts above are anonymous and need no cookie</li>
          <li>No marketing e-mail without your consent, given for each kind of e-mail and confirmed by you</li>
          <li>No advertising or tracking cookies, and no advertising networks</li>
          <li>No third-party scripts, social media pixels or embedded widgets on our pages</li>
          <li>No selling or renting of your personal data to anyone</li>
        </ul>
      ),
    },
    {
      id: 'why',
      title: 'Why we use your data',
      content: (
        <ul>
          <li>
            <strong>To provide what you asked for:</strong> running your account, taking payment, and giving you lasting
            access to your downloads. This is needed to perform our contract with you.
          </li>
          <li>
            <strong>To answer you:</strong> replying to messages and helping with orders, in our legitimate interest of
            supporting our customers.
          </li>
          <li>
            <strong>To e-mail you what you asked for:</strong> news, new artworks, a cart reminder or a review request,
            only with your consent to that kind, which you can withdraw with one click in every such e-mail.
          </li>
          <li>
            <strong>To keep the store safe:</strong> protecting accounts and the site from abuse and fraud, in our
            legitimate interest of running a secure service.
          </li>
          <li>
            <strong>To meet legal duties:</strong> keeping order and payment records as accounting and tax law require.
          </li>
        </ul>
      ),
    },
    {
      id: 'sharing',
      title: 'Who we share it with',
      content: (
        <>
          <p>We share personal data only with the service providers that help us run the store, and only as needed:</p>
          <ul>
            <li>
              <strong>Stripe</strong>, our card processor, which handles your payment under its own privacy policy.
            </li>
            <li>
              <strong>Our e-mail provider</strong>, which delivers account e-mails (such as confirmation and password
              reset links), receipts, the e-mails you subscribed to, and forwards contact form messages to us.
            </li>
            <li>
              <strong>Our hosting provider</strong>, which runs the server and database that store the data above.
            </li>
          </ul>
          <p>We may also disclose data when the law requires it, for example to answer a valid request from a court.</p>
        </>
      ),
    },
    {
      id: 'retention',
      title: 'How long we keep it',
      content: (
        <ul>
          <li>
            <strong>Account, saved cart and favorites:</strong> for as long as your account exists.
          </li>
          <li>
            <strong>Orders, invoices and credit notes:</strong> for as long as your account exists, so your purchases
            stay available to download; after you delete your account, the order records with your billing name and
            address, invoices and credit notes, and the evidence of your country are kept, unchanged and shown to
            nobody, for as long as tax law requires (up to ten years in some countries), because a refund after your
            deletion must be documented as the invoice was.
          </li>
          <li>
            <strong>Downloads:</strong> with the order; when you delete your account, the IP address and browser are
            removed from its downloads.
          </li>
          <li>
            <strong>Reviews:</strong> until you or the owner remove them. After you delete your account, a published
            review stays without your name or photo (shown as from a former customer); one not yet published is deleted.
          </li>
          <li>
            <strong>Mailing-list choices:</strong> while you are subscribed, and after you unsubscribe as the record
            that you did, so that we never mail you again; deleting your account deletes them.
          </li>
          <li>
            <strong>E-mails we send:</strong> a message waits in our queue until it is sent; its text is deleted once it
            is, and the record that it was sent after 30 days.
          </li>
          <li>
            <strong>Visit counts:</strong> the daily random value and the combined values made with it, one day.
          </li>
          <li>
            <strong>Contact messages:</strong> as long as needed to deal with your request and any follow-up.
          </li>
          <li>
            <strong>Sessions:</strong> until you sign out or the session ends as described above.
          </li>
          <li>
            <strong>Abuse counters:</strong> one minute; expired counters are removed soon after.
          </li>
          <li>
            <strong>Cart and favorites:</strong> in your browser until you empty them or clear your browser data.
          </li>
        </ul>
      ),
    },
    {
      id: 'security',
      title: 'How we protect it',
      content: (
        <p>
          Passwords are stored only as scrypt hashes. The session cookie is HttpOnly, so scripts in the page cannot read
          it, and our server keeps only a fingerprint of it, not the cookie itself. Card details never reach our server.
          Our pages load no code from other websites. No system is perfectly secure, but we work to keep your data safe
          and will tell you if a breach affects you.
        </p>
      ),
    },
    {
      id: 'your-rights',
      title: 'Your rights',
      content: (
        <>
          <p>
            On <Link to="/account">your account page</Link> you can change your e-mail address and password, download a
            copy of your data (as JSON and as a spreadsheet-ready CSV: your account, orders, downloads, mailing-list
            choices and reviews), and delete your account. You may also ask us to correct data, object to how we use it,
            or anything else through <ContactOptions />, from the e-mail address on your account so we know the request
            is yours. We answer within one month at the latest.
          </p>
          <p>
            Deleting your account ends your sign-in and removes access to your downloads, including the links in your
            order e-mails, so please save your files first. If you are unhappy with how we handled your data, you may
            complain to the data protection authority where you live.
          </p>
        </>
      ),
    },
    {
      id: 'age',
      title: 'Age',
      content: (
        <p>
          You must be 18 or older to create an account or buy from {storeName}. We do not knowingly collect personal
          data from children; if you believe a child has given us their data, please contact us and we will delete it.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to this policy',
      content: (
        <p>
          When this policy changes, we update it on this page and change the date at the top. If a change affects how we
          use data we already hold, we will tell account holders by e-mail before it takes effect.
        </p>
      ),
    },
  ];

  return (
    <InfoPage
      title={SITE_PAGES['/privacy-policy'].title}
      lead="What personal data we collect, why we need it, who sees it and how long we keep it."
      sections={sections}
      showLastUpdated
    />
  );
}
