// The discounts module's public face: the only file the rest of the server imports from it. Discount codes and
// automatic sales: the owner's editing, the price of an order after them, and holding and spending a limited code's
// uses (as listeners of the order's events).
export { adminDiscountRoutes } from './admin-routes';
export { salePricesOf } from './catalogue-sale-prices';
export { demoCodeOffer, insertDemoCode } from './demo-code';
export { holdCodeUse } from './hold-code-use';
export { extendHold, findLapsedHolds, findOtherHeldOrders } from './repository';
export { registerDiscountListeners } from './listeners';
export type { CartLine } from './price-order';
export { quoteOrder } from './quote-order';
