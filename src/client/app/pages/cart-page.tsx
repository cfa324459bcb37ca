import { Link } from 'react-router';
import { ImageOrPlaceholder } from '../../components/ui/image-or-placeholder';
import { findCategory } from '#shared/catalogue/categories.ts';
import { cartTotal, toCents } from '#shared/money/money.ts';
import { cartActions, useCartItems, useCartSets, useCartUpgrades } from '../../features/cart/cart-store';
import { cartSetsForServer } from '../../features/cart/cart-sets';
import { cartUpgradesForServer } from '../../features/cart/cart-upgrades';
import { CartSetLines } from '../components/cart-set-lines';
import { CartUpgradeLines } from '../components/cart-upgrade-lines';
import { CartSetSuggestions } from '../components/cart-set-suggestions';
import { cartItemCount, cartItemsForServer } from '../../features/cart/cart-rules';
import { CartLineAmount } from '../../features/cart/components/cart-line-amount';
import { ApiError } from '../../lib/api-client';
import { licenceLabel, licenceShortLabel } from '#shared/licences/licences.ts';
import { useCartQuote } from '../../features/discounts/api/quote-queries';
import { DiscountCodeField } from '../../features/discounts/components/discount-code-field';
import { codeStateOf, quotedLine } from '../../features/discounts/quote-view';
import { useDiscountCode } from '../../lib/discount-code-store';
import { useMoney } from '../../lib/store-settings';
import { usePageTitle } from '../../lib/use-page-title';
import { SITE_PAGES } from '#shared/store/site-pages.ts';
import { OrderTotals } from '../../components/ui/order-totals';
import { ButtonLinks } from '#client/components/ui/button-links.tsx';
import { GalleryWallButton } from '#client/features/gallery-wall/gallery-wall-button.tsx';

export default function CartPage() {
  const { formatCents } = useMoney();
  usePageTitle(SITE_PAGES['/cart'].title);
  const items = useCartItems();
  const sets = useCartSets();
  const upgrades = useCartUpgrades();
  const code = useDiscountCode();
  const { data: quote, error: quoteError } = useCartQuote(
    cartItemsForServer(items),
    code,
    {},
    cartSetsForServer(sets),
    cartUpgradesForServer(upgrades),
  );
  // The server's refusal of a line's field (a pay-what-you-want amount), by the line's place in the cart.
  const lineProblem = (index: number, field: string) =>
    quoteError instanceof ApiError ? (quoteError.details?.[`items.${index}.${field}`]?.[0] ?? null) : null;
  const setProblem = (index: number) =>
    quoteError instanceof ApiError ? (quoteError.details?.[`sets.${index}.setId`]?.[0] ?? null) : null;
  const upgradeProblem = (index: number) =>
    quoteError instanceof ApiError ? (quoteError.details?.[`upgrades.${index}.itemId`]?.[0] ?? null) : null;
  if (items.length === 0 && sets.length === 0 && upgrades.length === 0) {
    return (
      <section className="page page--narrow empty-state">
        <h1>Your cart is empty</h1>
        <p>Find a piece you love in the collection.</p>
        <Link className="button button--primary" to="/shop">
          Browse Artwork
        </Link>
      </section>
    );
  }

  // The server's prices (sales, codes) once they are in; the prices kept with the cart until then.
  const cartCents =
    toCents(
      cartTotal([
        ...items.map((i) => ({ price: i.artwork.price, quantity: i.quantity })),
        ...sets.map((set) => ({ price: set.price, quantity: 1 })),
      ]),
    ) + upgrades.reduce((sum, upgrade) => sum + upgrade.amount, 0);
  const codeState = codeStateOf(quote, code, quoteError);
  const count = cartItemCount(items) + sets.length + upgrades.length;
  return (
    <div className="page cart">
      <div className="section__head">
        <h1>Shopping Cart</h1>
        <button type="button" className="button button--link" onClick={cartActions.clear}>
          Clear All
        </button>
      </div>
      <div className="cart__meta">
        <p className="muted">
          {count} {count === 1 ? 'item' : 'items'}
        </p>
        <GalleryWallButton artworkIds={items.map((item) => item.artwork.id)} />
      </div>
      <CartSetSuggestions quote={quote} />
      <div className="summary-layout">
        <ul className="cart__items">
          {items.map(({ artwork, quantity, licence }, index) => {
            const quoted = quotedLine(quote, artwork.id, licence);
            const unit = quoted?.unit ?? toCents(artwork.price);
            return (
              <li key={`${artwork.id}:${licence}`} className="cart-line">
                <ImageOrPlaceholder src={artwork.imageUrl} alt="" width={80} height={100} />
                <div className="cart-line__info">
                  <Link to={`/artwork/${artwork.id}`} className="cart-line__title">
                    {artwork.title}
                  </Link>
                  <p className="muted">
                    by {artwork.artist} · {findCategory(artwork.category)?.name ?? artwork.category}
                  </p>
                  <p className="cart-line__licence">{licenceLabel(licence)}</p>
                  {artwork.payWhatYouWant ? (
                    <CartLineAmount
                      artwork={artwork}
                      minimum={artwork.payWhatYouWant.minimum}
                      serverProblem={lineProblem(index, 'amount') ?? lineProblem(index, 'quantity')}
                    />
                  ) : (
                    <div
                      className="quantity"
                      role="group"
                      aria-label={`Quantity of ${artwork.title}, ${licenceShortLabel(licence)} license`}
                    >
                      <button
                        type="button"
                        aria-label="Decrease quantity"
                        disabled={quantity <= 1}
                        onClick={() => cartActions.setQuantity(artwork.id, quantity - 1, licence)}
                      >
                        −
                      </button>
                      <span aria-live="polite">{quantity}</span>
                      <button
                        type="button"
                        aria-label="Increase quantity"
                        onClick={() => cartActions.setQuantity(artwork.id, quantity + 1, licence)}
                      >
                        +
                      </button>
                    </div>
                  )}
                  {/* A line added before its artwork became pay what you want has no amount: the server says so. */}
                  {!artwork.payWhatYouWant && lineProblem(index, 'amount') && (
                    <p className="form-field__error">
                      {lineProblem(index, 'amount')} Remove it and add it again from its page.
                    </p>
                  )}
                </div>
                <div className="cart-line__price">
                  <p>
                    {formatCents(quoted?.amount ?? unit * quantity)}
                    {quoted?.wasUnit != null && (
                      <>
                        {' '}
                        <s className="cart-line__was" aria-label={`was ${formatCents(quoted.wasUnit * quantity)}`}>
                          {formatCents(quoted.wasUnit * quantity)}
                        </s>
                      </>
                    )}
                  </p>
                  {quantity > 1 && <p className="muted">{formatCents(unit)} each</p>}
                  <button
                    type="button"
                    className="button button--link"
                    onClick={() => cartActions.remove(artwork.id, licence)}
                  >
                    Remove
                  </button>
                </div>
              </li>
            );
          })}
          <CartSetLines sets={sets} quote={quote} problemOf={setProblem} />
          <CartUpgradeLines upgrades={upgrades} quote={quote} problemOf={upgradeProblem} />
        </ul>
        <aside className="order-summary" aria-labelledby="summary-heading">
          <h2 id="summary-heading">Order Summary</h2>
          <DiscountCodeField applied={codeState.applied} message={codeState.message} />
          <OrderTotals
            subtotal={quote?.subtotal ?? cartCents}
            discounts={quote?.discounts ?? []}
            tax={quote?.tax}
            total={quote?.total ?? cartCents}
          />
          <ButtonLinks
            links={[
              { to: '/checkout', label: 'Proceed to Checkout', primary: true },
              { to: '/shop', label: 'Continue Shopping' },
            ]}
            block
          />
          <ul className="check-list">
            <li>Instant download</li>
            <li>High-resolution files</li>
            <li>A license certificate for each artwork</li>
          </ul>
        </aside>
      </div>
    </div>
  );
}
