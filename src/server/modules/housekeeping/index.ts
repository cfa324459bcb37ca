// The housekeeping module's public face: the only file the rest of the server imports from it. Periodic clean-up:
// expired sessions, tokens and stale orders, and the limited codes' holds that ran out unpaid.
export { startHousekeeping } from './purge-expired';
export { startCodeHoldSweep } from './code-hold-sweep';
