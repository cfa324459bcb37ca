// The buyer-cart module's public face: the only file the rest of the server imports from it. A signed-in buyer's
// cart and favourites kept on the server, merged with the browser's at sign-in, and the one cart reminder.
export { buyerCartRoutes } from './routes';
export { registerBuyerCartListeners } from './listeners';
export { sendDueCartReminders, startCartReminders } from './cart-reminders';
export type { CartReminderDeps } from './cart-reminders';
