import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '../../../shared/auth-schema';
import { CONTACT_MESSAGES } from '../../../shared/contact';
import { contactMessageSchema } from '../../../shared/contact-schema';
import { limitAttempts } from '../../http/rate-limits';
import { validate } from '../../http/validate';
import type { MailProvider } from '../../providers/mail/mail-provider';
import { receiveContactMessage } from './service';

export function contactRoutes(mail: MailProvider): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/contact',
      {
        schema: { body: z.record(z.string(), z.unknown()), response: { 201: messageResponseSchema } },
        preHandler: limitAttempts(app, 'contact'),
      },
      async (request, reply) => {
        const message = validate(contactMessageSchema, request.body, 'Please fill in every field.');
        await receiveContactMessage({ db: app.db, mail, config: app.config, log: app.log }, message);
        return reply.status(201).send({ message: CONTACT_MESSAGES.sent });
      },
    );
  };
}
