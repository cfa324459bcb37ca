import { Link } from 'react-router';
import { useStoreSettings } from '#client/lib/store-settings.ts';
import { InfoPage, type InfoSection } from './info-page';
import { SITE_PAGES } from '#shared/store/site-pages.ts';
import { ColumnHeads } from '#client/components/ui/column-heads.tsx';

/** The keys of src/client/features/cart and favorites; keep in step with them. */
const STORAGE_KEYS = [
  { key: 'wall-art-store.cart', what: 'The artworks in your cart and their quantities' },
  { key: 'wall-art-store.favorites', what: 'The artworks you saved as favorites' },
];

export default function CookiePolicyPage() {
  const { storeName } = useStoreSettings();

  const sections: InfoSection[] = [
    {
      id: 'summary',
      title: 'In short',
      content: (
        <>
          <p>
            {storeName} uses a single cookie, and only to keep you signed in. We use no analytics, advertising or
            tracking cookies, and our pages load no third-party scripts, so no other company can follow you around the
            web from our site.
          </p>
          <p>
            Because the only cookie we use is strictly necessary for a service you ask for (signing in), we do not show
            a cookie banner.
          </p>
        </>
      ),
    },
    {
      id: 'what-cookies-are',
      title: 'What cookies and browser storage are',
      content: (
        <p>
          A cookie is a small piece of text a website asks your browser to keep and send back with each visit, so the
          site can recognise you between pages. Local storage is a similar space in your browser that only the page
          itself can read; it is never sent to the server automatically.
        </p>
      ),
    },
    {
      id: 'session-cookie',
      title: 'The session cookie',
      content: (
        <>
          <dl className="info-facts">
            <div>
              <dt>Name</dt>
              <dd>
                <code>session</code> (<code>__Host-session</code> on secure https connections)
              </dd>
            </div>
            <div>
              <dt>Purpose</dt>
              <dd>Keeps you signed in as you move between pages, so you can check out and open your downloads.</dd>
            </div>
            <div>
              <dt>Type</dt>
              <dd>Strictly necessary, first-party (set by us, for this site only)</dd>
            </div>
            <div>
              <dt>When it is set</dt>
              <dd>Only when you sign in. Visitors who browse without signing in receive no cookie at all.</dd>
            </div>
            <div>
              <dt>How long it lasts</dt>
              <dd>
                Until you sign out, or until the session ends after 30 minutes without activity or 12 hours at most (our
                default settings).
              </dd>
            </div>
          </dl>
          <p>
            The cookie holds a random code and nothing else: no name, no e-mail address. It is marked HttpOnly, so
            scripts in the page cannot read it, and SameSite, so other websites cannot make your browser send it with
            their requests.
          </p>
        </>
      ),
    },
    {
      id: 'local-storage',
      title: 'What we keep in local storage',
      content: (
        <>
          <p>
            So that you can fill a cart and save favorites without an account, we keep them in your browser's local
            storage:
          </p>
          <div className="info-table-wrap">
            <table className="info-table">
              <caption>Local storage used by this site</caption>
              <ColumnHeads columns={['Key', 'What it holds']} />
              <tbody>
                {STORAGE_KEYS.map((row) => (
                  <tr key={row.key}>
                    <th scope="row">
                      {/* On a phone the key may break after its dot, never inside a word. */}
                      <code>
                        <span className="info-nowrap">{row.key.slice(0, row.key.indexOf('.') + 1)}</span>
                        <wbr />
                        <span className="info-nowrap">{row.key.slice(row.key.indexOf('.') + 1)}</span>
                      </code>
                    </th>
                    <td>{row.what}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p>
            Both stay on your device until you empty your cart or favorites, or clear your browser's data. They are
            never sent to us on their own; the cart's contents reach us only when you check out.
          </p>
        </>
      ),
    },
    {
      id: 'not-used',
      title: 'What we do not use',
      content: (
        <ul className="info-list info-list--no">
          <li>Analytics or statistics cookies</li>
          <li>Advertising, retargeting or tracking cookies</li>
          <li>Social media pixels, embedded widgets or other third-party scripts</li>
        </ul>
      ),
    },
    {
      id: 'other-sites',
      title: 'Other websites',
      content: (
        <p>
          Card payments are processed by Stripe. Stripe may use its own cookies when you enter your card details, for
          example to prevent fraud; these are covered by Stripe's own cookie and privacy policies. Links from our site
          to other websites lead to pages with their own cookie policies.
        </p>
      ),
    },
    {
      id: 'control',
      title: 'Managing cookies',
      content: (
        <>
          <p>
            You can see and delete cookies and site data in your browser's settings. If you block or delete the session
            cookie you will be signed out and cannot sign in until you allow it again; if you clear site data, your cart
            and favorites are emptied too.
          </p>
          <p>
            More about how we handle personal data is in our <Link to="/privacy-policy">Privacy Policy</Link>.
          </p>
        </>
      ),
    },
  ];

  return (
    <InfoPage
      title={SITE_PAGES['/cookie-policy'].title}
      lead="The one cookie this store uses, what we keep in your browser, and what we never use."
      sections={sections}
      showLastUpdated
    />
  );
}
