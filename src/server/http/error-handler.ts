import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '../../shared/store/api-error-schema';
import {
  ConflictError,
  CrossSiteRequestError,
  type DomainError,
  EmailNotConfirmedError,
  type FieldDetails,
  FileRejectedError,
  FileTooLargeError,
  InvalidCredentialsError,
  InvalidInputError,
  LinkExpiredError,
  MailFailedError,
  NotAllowedError,
  NotFoundError,
  SignInRequiredError,
  TooManyAttemptsError,
} from '../errors';
import { UNAVAILABLE_MESSAGES, unavailablePartOf } from './unavailable-part';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The `error` of a 400 for a body that does not fit the route's schema; 'Invalid request' when unset. */
    invalidBodyMessage?: string;
  }
}

/** The one place where what happened becomes an HTTP status. */
const STATUS_OF = new Map<abstract new (...args: never[]) => DomainError, number>([
  [InvalidInputError, 400],
  [LinkExpiredError, 400],
  [FileRejectedError, 400],
  [InvalidCredentialsError, 401],
  [SignInRequiredError, 401],
  [EmailNotConfirmedError, 403],
  [NotAllowedError, 403],
  [CrossSiteRequestError, 403],
  [NotFoundError, 404],
  [ConflictError, 409],
  [FileTooLargeError, 413],
  [TooManyAttemptsError, 429],
  [MailFailedError, 502],
]);

function statusOf(error: unknown): number | undefined {
  for (const [type, status] of STATUS_OF) if (error instanceof type) return status;
  return undefined;
}

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[] } };
}

/**
 * Groups validation issues by field, e.g. { "limit": ["Too big: expected number to be <=100"] }. An issue about
 * the whole body (no field) is kept apart: it names what is wrong with the request as a whole.
 */
function groupByField(issues: readonly ValidationIssue[]): { details: FieldDetails; whole: string[] } {
  const details: FieldDetails = {};
  const whole: string[] = [];
  for (const issue of issues) {
    const field =
      issue.params?.issue?.path?.map(String).join('.') || issue.instancePath?.replace(/^\//, '').replace(/\//g, '.');
    const message = issue.message ?? 'Invalid value';
    if (field) (details[field] ??= []).push(message);
    else whole.push(message);
  }
  return { details, whole };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler(async (_request, reply) => reply.status(404).send({ error: 'Not found' } satisfies ErrorBody));

  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status = 500;
    let body: ErrorBody = { error: 'Internal server error' };
    const known = statusOf(error);

    if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      const { details, whole } = groupByField(error.validation);
      const hasFields = Object.keys(details).length > 0;
      const message = (!hasFields && whole[0]) || request.routeOptions.config.invalidBodyMessage || 'Invalid request';
      body = { error: message, ...(hasFields ? { details } : {}) };
    } else if (known !== undefined) {
      const domainError = error as unknown as DomainError;
      status = known;
      body = { error: domainError.message, ...(domainError.details ? { details: domainError.details } : {}) };
    } else if (unavailablePartOf(error)) {
      const part = unavailablePartOf(error) ?? 'database';
      status = 503;
      body = { error: UNAVAILABLE_MESSAGES[part] };
      reply.header('Retry-After', '5');
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors (bad JSON, body too large, ...) carry a safe message.
      status = error.statusCode;
      body = { error: error.message };
    }

    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.status(status).send(body);
  });
}
