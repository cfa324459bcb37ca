// The housekeeping module's public face: the only file the rest of the server imports from it. Periodic clean-up:
// expired sessions, tokens and stale orders.
export { startHousekeeping } from './purge-expired';
