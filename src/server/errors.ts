import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '../shared/api-error-schema';

/** An error a service throws on purpose: its message is safe to show and its status is the HTTP answer. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string) {
    super(404, message);
  }
}

interface ZodLikeIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[] } };
}

/** Groups validation issues by field, e.g. { "limit": ["Too big: expected number to be <=100"] }. */
function fieldDetails(issues: readonly ZodLikeIssue[], part: string): Record<string, string[]> {
  const details: Record<string, string[]> = {};
  for (const issue of issues) {
    const path = issue.params?.issue?.path?.map(String).join('.') || issue.instancePath?.replace(/^\//, '').replace(/\//g, '.');
    const field = path || part;
    (details[field] ??= []).push(issue.message ?? 'Invalid value');
  }
  return details;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status = 500;
    let body: ErrorBody = { error: 'Internal server error' };

    if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      body = {
        error: 'Invalid request',
        details: fieldDetails(error.validation as ZodLikeIssue[], error.validationContext ?? 'request'),
      };
    } else if (error instanceof AppError) {
      status = error.statusCode;
      body = { error: error.message, ...(error.details ? { details: error.details } : {}) };
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors (bad JSON, body too large, ...) carry a safe message.
      status = error.statusCode;
      body = { error: error.message };
    }

    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.status(status).send(body);
  });
}
