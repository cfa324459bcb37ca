import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '#shared/accounts/auth-schema.ts';
import { MAILING_LIST_MESSAGES, ONE_CLICK_UNSUBSCRIBE_PATH } from '#shared/mailing/mailing-list.ts';
import {
  confirmConsentAnswerSchema,
  confirmConsentBodySchema,
  oneClickBodySchema,
  subscribeBodySchema,
  unsubscribeQuerySchema,
} from '#shared/mailing/mailing-list-schema.ts';
import { limitAttempts } from '../../http/rate-limits';
import { askConsentsAndMail, confirmByToken, unsubscribeByLink, type ConsentDeps } from './consent-service';
import type { ListSecret } from './list-links';

export interface MailingListDeps extends ConsentDeps {
  secret: ListSecret;
  attemptsPerMinute: number;
}

/** A form body's fields, as RFC 8058's one-click POST sends them. */
const parseForm = (body: string) => Object.fromEntries(new URLSearchParams(body));

/**
 * The visitor's side of the list: subscribing (footer form), the double opt-in's link, and unsubscribing, from
 * the page's button or a mail program's one-click POST (RFC 8058), neither needing a sign-in.
 */
export function mailingListRoutes(deps: MailingListDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Only inside this plugin: the rest of the API takes JSON alone.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, parseForm(String(body))),
    );

    // Each request may mail an address: limited per IP and per address, like the other forms that send mail.
    app.post(
      '/api/mailing-list/subscribe',
      {
        schema: { body: subscribeBodySchema, response: { 200: messageResponseSchema } },
        preValidation: limitAttempts(app, 'list-subscribe', deps.attemptsPerMinute),
      },
      async (request) => {
        await askConsentsAndMail(deps, {
          email: request.body.email,
          kinds: request.body.kinds,
          source: 'footer',
          userId: request.user?.id ?? null,
        });
        // The same answer whether or not a mail went out: it does not tell who is on the list.
        return { message: MAILING_LIST_MESSAGES.asked };
      },
    );

    app.post(
      '/api/mailing-list/confirm',
      {
        schema: { body: confirmConsentBodySchema, response: { 200: confirmConsentAnswerSchema } },
        preValidation: limitAttempts(app, 'list-confirm', deps.attemptsPerMinute),
      },
      async (request) => ({
        message: MAILING_LIST_MESSAGES.confirmed,
        kinds: await confirmByToken(deps.db, request.body.token),
      }),
    );

    app.post(
      ONE_CLICK_UNSUBSCRIBE_PATH,
      {
        schema: {
          querystring: unsubscribeQuerySchema,
          body: oneClickBodySchema,
          response: { 200: messageResponseSchema },
        },
        preValidation: limitAttempts(app, 'list-unsubscribe', deps.attemptsPerMinute),
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        await unsubscribeByLink(deps.db, deps.secret, request.query);
        return { message: MAILING_LIST_MESSAGES.unsubscribed };
      },
    );
  };
}
