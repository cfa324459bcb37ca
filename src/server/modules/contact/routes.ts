import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '../../../shared/auth-schema';
import { CONTACT_MESSAGES } from '../../../shared/contact';
import { contactMessageSchema } from '../../../shared/contact-schema';
import { limitAttempts } from '../../http/rate-limits';
import type { MailQueue } from '../mail-queue/mail-queue';
import { noteContactMessageMailed, receiveContactMessage } from './service';

export function contactRoutes(mail: MailQueue): FastifyPluginAsyncZod {
  return async (app) => {
    noteContactMessageMailed(mail);
    app.post(
      '/api/contact',
      {
        schema: { body: contactMessageSchema, response: { 201: messageResponseSchema } },
        config: { invalidBodyMessage: CONTACT_MESSAGES.incomplete },
        preValidation: limitAttempts(app, 'contact'),
      },
      async (request, reply) => {
        await receiveContactMessage({ db: app.db, mail, config: app.config, log: app.log }, request.body);
        return reply.status(201).send({ message: CONTACT_MESSAGES.sent });
      },
    );
  };
}
