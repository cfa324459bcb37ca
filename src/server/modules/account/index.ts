// The account module's public face: the only file the rest of the server imports from it. The buyer's own account:
// a new address (proven by a link), a new password, other sessions ended, a copy of their data, the account deleted.
export { accountRoutes } from './routes';
export type { AccountDeps } from './account-deps';
