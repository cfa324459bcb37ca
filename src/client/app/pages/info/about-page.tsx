import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useStoreSettings } from '#client/lib/store-settings.ts';
import { usePageTitle } from '#client/lib/use-page-title.ts';
import { ReplyTime } from './info-page';
import { SITE_PAGES } from '#shared/store/site-pages.ts';
import { ButtonLinks } from '#client/components/ui/button-links.tsx';

/** Simple line icons; decoration only, the tile titles say the same. */
function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      className="about-feature__icon"
      viewBox="0 0 24 24"
      width="28"
      height="28"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

const FEATURES = [
  {
    title: 'Print-ready quality',
    text: 'High-resolution 300 DPI PNG files, sharp at every size the artwork is prepared for.',
    icon: (
      <Icon>
        <rect x="3" y="3" width="18" height="18" rx="2" />
        <circle cx="9" cy="9" r="2" />
        <path d="m21 15-5-5L5 21" />
      </Icon>
    ),
  },
  {
    title: 'Instant download',
    text: 'No shipping and no waiting: your files are in My Downloads the moment your payment goes through.',
    icon: (
      <Icon>
        <path d="M12 3v12" />
        <path d="m7 10 5 5 5-5" />
        <path d="M5 21h14" />
      </Icon>
    ),
  },
  {
    title: 'Your size, your frame',
    text: 'Each artwork comes ready for common ratios such as 2x3, 4x5, 5x7 and 11x14, from desk frame to poster.',
    icon: (
      <Icon>
        <path d="M6 2v14a2 2 0 0 0 2 2h14" />
        <path d="M18 22V8a2 2 0 0 0-2-2H2" />
      </Icon>
    ),
  },
  {
    title: 'Yours for life',
    text: 'Everything you buy stays in your account. Download it again for a new home, a new frame or a gift.',
    icon: (
      <Icon>
        <path d="M18.2 8.5c-2 0-3.3 1.6-6.2 3.5s-4.2 3.5-6.2 3.5a3.5 3.5 0 0 1 0-7c2 0 3.3 1.6 6.2 3.5s4.2 3.5 6.2 3.5a3.5 3.5 0 0 0 0-7Z" />
      </Icon>
    ),
  },
];

export default function AboutPage() {
  usePageTitle(SITE_PAGES['/about'].title);
  const { storeName, licenseText } = useStoreSettings();

  const benefits: Array<{ title: string; text: ReactNode }> = [
    {
      title: 'Safe, simple checkout',
      text: 'Pay with any major credit card. Payments are handled by Stripe, so your card details never touch our server.',
    },
    {
      title: 'A clear license',
      text: (
        <>
          <strong>{licenseText.label}.</strong> {licenseText.summary} <Link to="/license-terms">Read the terms</Link>
        </>
      ),
    },
    {
      title: 'Help from real people',
      text: (
        <>
          Questions about a file, a print size or an order? <Link to="/contact">Write to us</Link> and a real person
          replies within <ReplyTime />.
        </>
      ),
    },
  ];

  return (
    <div className="page about-page">
      <section className="about-hero" aria-labelledby="about-heading">
        <div className="about-hero__text">
          <p className="eyebrow">About {storeName}</p>
          <h1 id="about-heading">Original art for every wall, from the people who make it</h1>
          <p className="lead">
            We bring together independent artists and people who want something on their walls that they truly love, and
            make it easy to go from a file on your screen to a print in a frame.
          </p>
        </div>
        <div className="about-wall" aria-hidden="true">
          <span className="about-wall__frame about-wall__frame--a" />
          <span className="about-wall__frame about-wall__frame--b" />
          <span className="about-wall__frame about-wall__frame--c" />
          <span className="about-wall__frame about-wall__frame--d" />
        </div>
      </section>

      <section className="section about-mission" aria-labelledby="mission-heading">
        <h2 id="mission-heading">Our mission</h2>
        <div className="about-mission__text">
          <p>
            Good art should not need a gallery budget. Original prints are often expensive, slow to ship and come in one
            size that never quite fits the wall you had in mind. Digital art changes that: you buy a high-resolution
            file once, print it at the size you need, and print it again when you move, redecorate or want one for a
            friend.
          </p>
          <p>
            Our mission is to make that simple and fair: a carefully chosen collection, honest prices, files that print
            beautifully, and clear terms that tell you exactly what you are buying.
          </p>
        </div>
      </section>

      <section className="section" aria-labelledby="features-heading">
        <h2 id="features-heading">What you get with every artwork</h2>
        <ul className="why__grid about-features">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="why__item about-feature">
              {feature.icon}
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="section about-artists" aria-labelledby="artists-heading">
        <div className="about-artists__text">
          <h2 id="artists-heading">The artists behind the work</h2>
          <p>
            Every piece in the shop is made by an independent artist: illustrators, painters, photographers and
            designers working from small studios, spare rooms and kitchen tables. Some paint in watercolor and scan
            their work at full resolution; others draw digitally, layer by layer, or spend weeks waiting for the right
            light for a single photograph.
          </p>
          <p>
            What they share is care for the details: the balance of a composition, a palette that feels calm in a
            bedroom or bold in a hallway, a line of type that still makes you smile on the hundredth morning. Each piece
            is prepared as a high-resolution file, so what ends up on your wall looks the way the artist meant it to.
          </p>
          <p>When you buy from {storeName}, you support independent artists and help them keep creating.</p>
        </div>
        <aside className="about-artists__card" aria-label="In the collection">
          <p className="about-artists__card-title">In the collection</p>
          <ul className="check-list info-list">
            <li>Original work by independent artists</li>
            <li>Every listing credits its artist by name</li>
            <li>Ten collections, from Nature to Classic</li>
            <li>High-resolution files, ready to print</li>
          </ul>
        </aside>
      </section>

      <section className="section" aria-labelledby="benefits-heading">
        <h2 id="benefits-heading">Why shop with us</h2>
        <ol className="about-benefits">
          {benefits.map((benefit) => (
            <li key={benefit.title} className="about-benefit">
              <h3>{benefit.title}</h3>
              <p>{benefit.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="section about-cta" aria-labelledby="cta-heading">
        <h2 id="cta-heading">Find the piece your wall is waiting for</h2>
        <p>Browse the whole collection, or start with a style you love: ten collections, from Nature to Classic.</p>
        <p className="button-row">
          <ButtonLinks
            links={[
              { to: '/shop', label: 'Shop the collection', primary: true },
              { to: '/categories', label: 'Browse categories' },
            ]}
          />
        </p>
      </section>
    </div>
  );
}
