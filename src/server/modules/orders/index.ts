// The orders module's public face: the only file the rest of the server imports from it. The order's life: cart
// pricing (quote and payment alike), the lifecycle and its events, receipts, the buyer's and the owner's order views.
export { adminOrderRoutes } from './admin-routes';
export { applyOrderEvent } from './apply-order-event';
export { expireStaleOrders } from './expire-orders';
export { GUEST_LIBRARY_PATH, guestLinkToken } from './guest-link';
export { joinGuestOrders, orderOfGuestLink } from './guest-orders';
export { guestOrderRoutes } from './guest-order-routes';
export { lapseCodeHolds } from './lapse-code-holds';
export { registerOrderListeners } from './listeners';
export type { LifecycleDeps, OrderDeps } from './order-deps';
export { findOwnedPieces } from './owned-pieces';
export { cartQuoteRoutes } from './quote-routes';
export { recordPayment } from './record-payment';
export { orderRoutes } from './routes';
export { ordersOfAccount } from './account-export';
