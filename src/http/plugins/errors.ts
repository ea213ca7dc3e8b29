import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError } from '../../core/errors.js';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[] } };
}

function describeValidation(context: string | undefined, issues: ValidationIssue[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => {
      const path = issue.instancePath?.replace(/^\//, '').replaceAll('/', '.') ?? '';
      const where = [context, path].filter(Boolean).join('.');
      return `${where || 'request'}: ${issue.message ?? 'invalid'}`;
    })
    .join('; ');
}

const FRIENDLY: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  406: 'Not acceptable',
  409: 'Conflict',
  413: 'Payload too large',
  415: 'Unsupported media type',
  429: 'Too many requests',
};

/** Maps every error to `{ error, details? }` with the right status; 5xx never carries internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | ApiError, request, reply) => {
    if (err instanceof ApiError) {
      reply.headers(err.headers);
      return reply.code(err.status).send(err.details ? { error: err.message, details: err.details } : { error: err.message });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply.code(400).send({
        error: 'Invalid request',
        details: describeValidation(err.validationContext, err.validation as ValidationIssue[]),
      });
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      if (status === 409) reply.header('x-should-retry', 'false');
      return reply.code(status).send({ error: FRIENDLY[status] ?? 'Bad request', details: err.message });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ error: 'Internal server error' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ error: 'Not found', details: `${request.method} ${request.url.split('?')[0]}` });
  });
}
