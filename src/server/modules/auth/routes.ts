import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailOnlySchema, messageResponseSchema, resetPasswordSchema, sessionResponseSchema, signInSchema, signUpSchema, tokenSchema } from '../../../shared/auth-schema';
import { AUTH_MESSAGES } from '../../../shared/auth';
import { AppError } from '../../errors';
import { limitAttempts } from '../../http/rate-limits';
import { validate } from '../../http/validate';
import type { MailProvider } from '../../providers/mail/mail-provider';
import * as auth from './service';
import { clearSessionCookie, readSessionToken, setSessionCookie } from './session-cookie';

// Bodies are read loosely and then validated by the shared schemas, so that a missing e-mail or password gets
// the spec's own sentence rather than a generic validation error.
const credentialsBody = z.object({ email: z.unknown().optional(), password: z.unknown().optional() }).passthrough();
const anyBody = z.record(z.string(), z.unknown());

function requireCredentials(body: { email?: unknown; password?: unknown }): void {
  const blank = (v: unknown) => typeof v !== 'string' || v.trim() === '';
  if (blank(body.email) || blank(body.password)) throw new AppError(400, AUTH_MESSAGES.missingCredentials);
}

export function authRoutes(mail: MailProvider): FastifyPluginAsyncZod {
  return async (app) => {
    const deps = () => ({ db: app.db, mail, config: app.config, log: app.log });
    const ok = (message: string) => ({ message });

    app.post(
      '/api/auth/sign-up',
      { schema: { body: credentialsBody, response: { 200: messageResponseSchema } }, preHandler: limitAttempts(app, 'sign-up') },
      async (request) => {
        requireCredentials(request.body);
        const { email, password } = validate(signUpSchema, request.body);
        await auth.signUp(deps(), email, password);
        return ok(AUTH_MESSAGES.signUpSuccess);
      },
    );

    app.post(
      '/api/auth/sign-in',
      { schema: { body: credentialsBody, response: { 200: sessionResponseSchema } }, preHandler: limitAttempts(app, 'sign-in') },
      async (request, reply) => {
        requireCredentials(request.body);
        const { email, password } = validate(signInSchema, request.body);
        const { token, user } = await auth.signIn(deps(), email, password);
        // A previous session of this browser ends with the new sign-in: one browser, one session.
        const previous = readSessionToken(request, app.config);
        if (previous) await auth.signOut(deps(), previous);
        setSessionCookie(reply, app.config, token);
        return { user };
      },
    );

    app.post('/api/auth/sign-out', async (request, reply) => {
      const token = readSessionToken(request, app.config);
      if (token) await auth.signOut(deps(), token);
      clearSessionCookie(reply, app.config);
      return reply.status(204).send();
    });

    app.get('/api/auth/session', { schema: { response: { 200: sessionResponseSchema } } }, async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { user: request.user };
    });

    app.post(
      '/api/auth/confirm',
      { schema: { body: anyBody, response: { 200: messageResponseSchema } }, preHandler: limitAttempts(app, 'confirm') },
      async (request) => {
        await auth.confirmEmail(deps(), validate(tokenSchema, request.body, AUTH_MESSAGES.invalidConfirmLink).token);
        return ok(AUTH_MESSAGES.emailConfirmed);
      },
    );

    app.post(
      '/api/auth/resend-confirmation',
      { schema: { body: anyBody, response: { 200: messageResponseSchema } }, preHandler: limitAttempts(app, 'resend-confirmation') },
      async (request) => {
        await auth.resendConfirmation(deps(), validate(emailOnlySchema, request.body).email);
        return ok(AUTH_MESSAGES.confirmationResent);
      },
    );

    app.post(
      '/api/auth/forgot-password',
      { schema: { body: anyBody, response: { 200: messageResponseSchema } }, preHandler: limitAttempts(app, 'forgot-password') },
      async (request) => {
        await auth.forgotPassword(deps(), validate(emailOnlySchema, request.body).email);
        return ok(AUTH_MESSAGES.forgotPasswordSent);
      },
    );

    app.post(
      '/api/auth/reset-password',
      { schema: { body: anyBody, response: { 200: messageResponseSchema } }, preHandler: limitAttempts(app, 'reset-password') },
      async (request) => {
        const { token, password } = validate(resetPasswordSchema, request.body);
        await auth.resetPassword(deps(), token, password);
        return ok(AUTH_MESSAGES.passwordUpdated);
      },
    );
  };
}
