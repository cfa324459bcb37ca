// The payments module's public face: the only file the rest of the server imports from it. The payment provider's
// side: payment intents and the provider's events, turned into the order's lifecycle.
export { handlePaymentEvent } from './payment-events';
export { paymentRoutes } from './routes';
