import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '#shared/accounts/auth-schema.ts';
import { CONTACT_MESSAGES } from '#shared/store/contact.ts';
import { contactMessageSchema } from '#shared/store/contact-schema.ts';
import { limitAttempts } from '../../http/rate-limits';
import { noteContactMessageMailed, receiveContactMessage, type ContactDeps } from './service';

export function contactRoutes(deps: ContactDeps): FastifyPluginAsyncZod {
  return async (app) => {
    noteContactMessageMailed(deps.mail);
    app.post(
      '/api/contact',
      {
        schema: { body: contactMessageSchema, response: { 201: messageResponseSchema } },
        config: { invalidBodyMessage: CONTACT_MESSAGES.incomplete },
        preValidation: limitAttempts(app, 'contact', deps.config.attemptsPerMinute),
      },
      async (request, reply) => {
        await receiveContactMessage(deps, request.body);
        return reply.status(201).send({ message: CONTACT_MESSAGES.sent });
      },
    );
  };
}
