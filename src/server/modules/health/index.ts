// The health module's public face: the only file the rest of the server imports from it. Liveness and readiness, and
// stopping gracefully.
export { GRACE_MS, stopGracefully } from './graceful-stop';
export { healthRoutes } from './routes';
