// The auth module's public face: the only file the rest of the server imports from it. Accounts and sessions: sign-
// up, sign-in, confirmation and reset e-mails, and who is asking (current-user).
export { registerCurrentUser, requireAdmin, requireUser } from './current-user';
export { deleteSpentEmailTokens } from './email-token-repository';
export { authRoutes } from './routes';
export { userOfSession } from './service';
export { readSessionToken, sessionCookieName } from './session-cookie';
export { deleteDeadSessions } from './session-repository';
