import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_MESSAGES } from '#shared/accounts/auth.ts';
import {
  emailOnlySchema,
  messageResponseSchema,
  resetPasswordSchema,
  sessionResponseSchema,
  signInBodySchema,
  signUpBodySchema,
  tokenSchema,
} from '#shared/accounts/auth-schema.ts';
import { limitAttempts } from '../../http/rate-limits';
import * as auth from './service';
import { clearSessionCookie, readSessionToken, setSessionCookie } from './session-cookie';

export function authRoutes(deps: auth.AuthDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { config } = deps;
    const ok = (message: string) => ({ message });
    // Attempts are counted before the body is checked, so a flood of malformed requests is limited too.
    const limited = (action: string) => ({ preValidation: limitAttempts(app, action, config.attemptsPerMinute) });

    app.post(
      '/api/auth/sign-up',
      { schema: { body: signUpBodySchema, response: { 200: messageResponseSchema } }, ...limited('sign-up') },
      async (request) => {
        await auth.signUp(deps, request.body.email, request.body.password);
        // The mailing list's boxes, each unticked by default: asked for apart from the account, and confirmed by
        // a link of their own (double opt-in).
        if (request.body.listConsents.length > 0)
          await deps.onListConsents?.(request.body.email, request.body.listConsents);
        return ok(AUTH_MESSAGES.signUpSuccess);
      },
    );

    app.post(
      '/api/auth/sign-in',
      { schema: { body: signInBodySchema, response: { 200: sessionResponseSchema } }, ...limited('sign-in') },
      async (request, reply) => {
        const { token, user } = await auth.signIn(deps, request.body.email, request.body.password);
        // A previous session of this browser ends with the new sign-in: one browser, one session.
        const previous = readSessionToken(request, config);
        if (previous) await auth.signOut(deps, previous);
        setSessionCookie(reply, config, token);
        return { user };
      },
    );

    app.post('/api/auth/sign-out', async (request, reply) => {
      const token = readSessionToken(request, config);
      if (token) await auth.signOut(deps, token);
      clearSessionCookie(reply, config);
      return reply.status(204).send();
    });

    app.get('/api/auth/session', { schema: { response: { 200: sessionResponseSchema } } }, async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { user: request.user };
    });

    app.post(
      '/api/auth/confirm',
      {
        schema: { body: tokenSchema, response: { 200: messageResponseSchema } },
        config: { invalidBodyMessage: AUTH_MESSAGES.invalidConfirmLink },
        ...limited('confirm'),
      },
      async (request) => {
        await auth.confirmEmail(deps, request.body.token);
        return ok(AUTH_MESSAGES.emailConfirmed);
      },
    );

    app.post(
      '/api/auth/resend-confirmation',
      {
        schema: { body: emailOnlySchema, response: { 200: messageResponseSchema } },
        ...limited('resend-confirmation'),
      },
      async (request) => {
        await auth.resendConfirmation(deps, request.body.email);
        return ok(AUTH_MESSAGES.confirmationResent);
      },
    );

    app.post(
      '/api/auth/forgot-password',
      { schema: { body: emailOnlySchema, response: { 200: messageResponseSchema } }, ...limited('forgot-password') },
      async (request) => {
        await auth.forgotPassword(deps, request.body.email);
        return ok(AUTH_MESSAGES.forgotPasswordSent);
      },
    );

    app.post(
      '/api/auth/reset-password',
      { schema: { body: resetPasswordSchema, response: { 200: messageResponseSchema } }, ...limited('reset-password') },
      async (request) => {
        await auth.resetPassword(deps, request.body.token, request.body.password);
        return ok(AUTH_MESSAGES.passwordUpdated);
      },
    );
  };
}
