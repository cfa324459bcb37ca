// The analytics module's public face: the only file the rest of the server imports from it. The owner's funnel:
// views, carts and checkouts counted from the app's beacon, sales from the order's payment, shown per day and artwork.
export { DailySalts } from './daily-salt';
export { FunnelCounter } from './funnel-counter';
export { startSaltSweep } from './forget-old-salts';
export { registerAnalyticsListeners } from './listeners';
export { adminFunnelRoutes, funnelBeaconRoutes } from './routes';
