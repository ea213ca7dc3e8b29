import { STATUS_CODES, maxHeaderSize } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  InvalidInputError,
  NotFoundError,
  NotSupportedError,
  PlanRequiredError,
  RateLimitedError,
  TooLargeError,
  UnauthenticatedError,
  UnavailableError,
  UpstreamError,
} from '../../model/errors.js';
import { ApiError } from '../api-error.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The shape of a 400 for input that fails the route's schema: `v5` answers the v5 API's
     * `{ success: false, error: [{ message, path }] }`; every other route `{ error, details }`.
     */
    validationErrors?: 'v5';
  }
}

/** A request validation issue: zod's issue, its code as `keyword` and the rest of it as `params`. */
interface ValidationIssue {
  keyword?: string;
  instancePath?: string;
  message?: string;
  /** An `invalid_union`'s issues, one list per branch of the union. */
  params?: { errors?: ZodIssueLike[][] };
}

interface ZodIssueLike {
  path?: PropertyKey[];
  message?: string;
}

function describeValidation(context: string | undefined, issues: ValidationIssue[]): string {
  return issues
    .flatMap(specificIssues)
    .slice(0, 5)
    .map(({ path, message }) => {
      const where = [context, path].filter(Boolean).join('.');
      return `${where || 'request'}: ${message}`;
    })
    .join('; ');
}

/** Each failed check as the v5 API names it: its message and the path of the value within the request part. */
function validationIssues(context: string | undefined, issues: ValidationIssue[]): { message: string; path: (string | number)[] }[] {
  return issues
    .flatMap(specificIssues)
    .slice(0, 20)
    .map((issue) => {
      const path = issue.path
        .split('.')
        .filter(Boolean)
        .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
      return { message: `${context ?? 'request'}: ${issue.message}`, path };
    });
}

/**
 * An issue as said to the caller. A value that fits no branch of a union is said by the branch it
 * came closest to (the one whose issues reach deepest into it), so `{fileTypes: "pdf"}` for "rules,
 * or a list" names `fileTypes` rather than the whole value.
 */
function specificIssues(issue: ValidationIssue): { path: string; message: string }[] {
  const path = issue.instancePath?.replace(/^\//, '').replaceAll('/', '.') ?? '';
  const branches = issue.keyword === 'invalid_union' ? (issue.params?.errors ?? []) : [];
  const depth = (branch: ZodIssueLike[]) => Math.max(0, ...branch.map((inner) => inner.path?.length ?? 0));
  const closest = branches.reduce<ZodIssueLike[] | null>((best, branch) => (branch.length && (!best || depth(branch) > depth(best)) ? branch : best), null);
  if (!closest || depth(closest) === 0) return [{ path, message: issue.message ?? 'invalid' }];
  return closest.map((inner) => ({
    path: [path, ...(inner.path ?? []).map(String)].filter(Boolean).join('.'),
    message: inner.message ?? 'invalid',
  }));
}

const FRIENDLY: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  406: 'Not acceptable',
  408: 'Request timeout',
  409: 'Conflict',
  413: 'Payload too large',
  414: 'URI too long',
  415: 'Unsupported media type',
  429: 'Too many requests',
  431: 'Request header fields too large',
};

/** The one translation of the domain's errors into HTTP: status and headers. */
export function httpAnswerOf(error: DomainError): { status: number; headers: Record<string, string> } {
  const plain = (status: number) => ({ status, headers: {} });
  if (error instanceof InvalidInputError) return plain(400);
  if (error instanceof UnauthenticatedError) return plain(401);
  if (error instanceof PlanRequiredError) return plain(402);
  if (error instanceof ForbiddenError) return plain(403);
  if (error instanceof NotFoundError) return plain(404);
  if (error instanceof ConflictError) return { status: 409, headers: { 'x-should-retry': 'false' } };
  if (error instanceof TooLargeError) return plain(413);
  if (error instanceof RateLimitedError) return { status: 429, headers: { 'retry-after': String(error.retryAfterSeconds) } };
  // Not built or not configured here: asking again changes nothing (the official SDK retries a 5xx otherwise).
  if (error instanceof NotSupportedError) return { status: 501, headers: { 'x-should-retry': 'false' } };
  if (error instanceof UpstreamError) return plain(502);
  if (error instanceof UnavailableError) {
    return { status: 503, headers: error.retryAfterSeconds === undefined ? {} : { 'retry-after': String(error.retryAfterSeconds) } };
  }
  return plain(500);
}

const body = (error: { message: string; details?: string }) => (error.details ? { error: error.message, details: error.details } : { error: error.message });

/**
 * Maps every error to `{ error, details? }` with the right status; 5xx never carries internals.
 * Besides route errors this covers what Fastify answers on its own: router errors, socket-level
 * client errors and requests arriving while the server closes.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | ApiError | DomainError, request, reply) => {
    if (err instanceof DomainError) {
      const { status, headers } = httpAnswerOf(err);
      if (status !== 500) return reply.code(status).headers(headers).send(body(err));
      request.log.error({ err }, 'unmapped domain error');
      return reply.code(500).send({ error: 'Internal server error' });
    }
    if (err instanceof ApiError) {
      const headers = err.status === 501 ? { 'x-should-retry': 'false', ...err.headers } : err.headers;
      return reply.code(err.status).headers(headers).send(body(err));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      if (request.routeOptions.config?.validationErrors === 'v5') {
        return reply.code(400).send({ success: false, error: validationIssues(err.validationContext, err.validation as ValidationIssue[]) });
      }
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

  // Replaces Fastify's return503OnClosing, whose answer has another shape (see server options).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (closing) {
      reply.header('connection', 'close');
      throw new ApiError(503, 'Service unavailable', 'the server is shutting down');
    }
  });
}

/** Fastify's `frameworkErrors`: errors the router raises before any route runs. */
export function answerFrameworkError(maxParamLength: number) {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void => {
    if (error.code === 'FST_ERR_BAD_URL') {
      reply.code(400).send({ error: 'Bad request', details: 'the URL path is not valid percent-encoded UTF-8' });
    } else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
      reply.code(414).send({ error: 'URI too long', details: `path parameters are at most ${maxParamLength} characters` });
    } else {
      reply.log.error({ err: error }, 'router error');
      reply.code(500).send({ error: 'Internal server error' });
    }
  };
}

/** Fastify's `clientErrorHandler`: requests Node's HTTP parser refuses (or times out) before Fastify sees them. */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, details] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'the request did not arrive in time']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, `the request line and headers together are limited to ${Math.round(maxHeaderSize / 1024)} KB`]
        : [400, 'the request is not valid HTTP'];
  answerOnSocket(socket, status, FRIENDLY[status], details);
  socket.destroy(error);
}

/**
 * Writes an error answer straight to a connection, for what is refused below Fastify (the caller
 * closes the connection); nothing is written when an answer has started on it already.
 */
export function answerOnSocket(socket: Socket, status: number, error: string, details: string): void {
  const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !answering?.headersSent) {
    const body = JSON.stringify({ error, details });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
}
