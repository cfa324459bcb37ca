// The auth module's public face: the only file the rest of the server imports from it. Accounts and sessions: sign-
// up, sign-in, confirmation and reset e-mails, and who is asking (current-user).
export { message as accountMessage, type EmailContext } from './auth-emails';
export { registerCurrentUser, requireAdmin, requireUser } from './current-user';
export {
  consumeEmailChangeToken,
  deleteEmailTokensOfUser,
  deleteSpentEmailTokens,
  insertEmailToken,
  pendingEmailChange,
  revokeEmailTokens,
} from './email-token-repository';
export { authRoutes } from './routes';
export { userOfSession } from './service';
export { clearSessionCookie, readSessionToken, sessionCookieName } from './session-cookie';
export { deleteDeadSessions, deleteOtherSessions, deleteSessionsOfUser } from './session-repository';
export { hashToken, newToken } from './tokens';
