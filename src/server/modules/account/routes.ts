import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNT_MESSAGES } from '#shared/accounts/account.ts';
import {
  accountSchema,
  changeEmailBodySchema,
  changePasswordBodySchema,
  deleteAccountBodySchema,
  exportFormatParamsSchema,
  signedOutOthersSchema,
} from '#shared/accounts/account-schema.ts';
import { messageResponseSchema, tokenSchema } from '#shared/accounts/auth-schema.ts';
import type { FastifyRequest } from 'fastify';
import { SignInRequiredError } from '../../errors';
import { limitAttempts } from '../../http/rate-limits';
import { attachmentDisposition } from '../../providers/storage/attachment-disposition';
import { clearSessionCookie, pendingEmailChange, readSessionToken, requireUser } from '../auth';
import { AUTH_MESSAGES } from '#shared/accounts/auth.ts';
import type { AccountDeps } from './account-deps';
import { confirmEmailChange, requestEmailChange } from './change-email';
import { changePassword, signOutOtherSessions } from './change-password';
import { dataExportCsv } from './data-export-csv';
import { exportPersonalData } from './data-export';
import { deleteAccount } from './delete-account';
import { accountOf } from './signed-in-account';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The buyer's own account (decision 0074): its address, password, sessions, a copy of its data, its deletion. */
export function accountRoutes(deps: AccountDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { config } = deps;
    // Attempts are counted before the body is checked, as sign-in's: the password-checking ones cannot be guessed at.
    const limited = (action: string) => ({ preValidation: limitAttempts(app, action, config.attemptsPerMinute) });
    const signedIn = { onRequest: requireUser };
    const noStore = { 'Cache-Control': 'private, no-store' };
    const userOf = (request: FastifyRequest) => {
      if (!request.user) throw new SignInRequiredError(AUTH_MESSAGES.signInRequired);
      return request.user;
    };
    const sessionOf = (request: FastifyRequest) => {
      const token = readSessionToken(request, config);
      if (!token) throw new SignInRequiredError(AUTH_MESSAGES.signInRequired);
      return token;
    };

    app.get('/api/account', { schema: { response: { 200: accountSchema } }, ...signedIn }, async (request, reply) => {
      reply.headers(noStore);
      const user = await accountOf(deps.db, userOf(request).id);
      return {
        email: user.email,
        role: user.role,
        createdAt: iso(user.created_at)!,
        confirmedAt: iso(user.email_confirmed_at),
        pendingEmail: await pendingEmailChange(deps.db, user.id, new Date()),
      };
    });

    app.post(
      '/api/account/email',
      {
        schema: { body: changeEmailBodySchema, response: { 200: messageResponseSchema } },
        ...signedIn,
        ...limited('change-email'),
      },
      async (request) => {
        await requestEmailChange(deps, userOf(request).id, request.body);
        return { message: ACCOUNT_MESSAGES.emailChangeSent };
      },
    );

    // The link from the new address's mail: no session needed, the link is the proof.
    app.post(
      '/api/account/email/confirm',
      {
        schema: { body: tokenSchema, response: { 200: messageResponseSchema } },
        config: { invalidBodyMessage: ACCOUNT_MESSAGES.invalidEmailChangeLink },
        ...limited('confirm-email-change'),
      },
      async (request) => {
        await confirmEmailChange(deps, request.body.token);
        return { message: ACCOUNT_MESSAGES.emailChanged };
      },
    );

    app.post(
      '/api/account/password',
      {
        schema: { body: changePasswordBodySchema, response: { 200: messageResponseSchema } },
        ...signedIn,
        ...limited('change-password'),
      },
      async (request) => {
        await changePassword(deps, userOf(request).id, sessionOf(request), request.body);
        return { message: ACCOUNT_MESSAGES.passwordChanged };
      },
    );

    app.post(
      '/api/account/sign-out-others',
      { schema: { response: { 200: signedOutOthersSchema } }, ...signedIn },
      async (request) => {
        const ended = await signOutOtherSessions(deps, userOf(request).id, sessionOf(request));
        return { message: ACCOUNT_MESSAGES.otherSessionsEnded, ended };
      },
    );

    // A copy of everything the store keeps of the buyer, as JSON or CSV, downloaded as a file.
    app.get(
      '/api/account/export/:format',
      { schema: { params: exportFormatParamsSchema }, ...signedIn },
      async (request, reply) => {
        const user = await accountOf(deps.db, userOf(request).id);
        const data = await exportPersonalData(deps, user);
        const day = data.exportedAt.slice(0, 10);
        reply.headers(noStore);
        if (request.params.format === 'csv') {
          reply.header('Content-Disposition', attachmentDisposition(`my-data-${day}.csv`));
          return reply.type('text/csv; charset=utf-8').send(dataExportCsv(data));
        }
        reply.header('Content-Disposition', attachmentDisposition(`my-data-${day}.json`));
        return reply.type('application/json; charset=utf-8').send(JSON.stringify(data, null, 2));
      },
    );

    app.post(
      '/api/account/delete',
      {
        schema: { body: deleteAccountBodySchema, response: { 200: messageResponseSchema } },
        ...signedIn,
        ...limited('delete-account'),
      },
      async (request, reply) => {
        await deleteAccount(deps, userOf(request).id, request.body.password);
        clearSessionCookie(reply, config);
        return { message: ACCOUNT_MESSAGES.accountDeleted };
      },
    );
  };
}
