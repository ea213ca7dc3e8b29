import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../api-error.js';

export interface RateLimitOptions {
  /** Requests per window for a key without a limit of its own. */
  max: number;
  windowMs: number;
}

/** Limits requests per key (a scoped key by its own limit), per address when there is no key; answers 429 in the error shape. */
export async function registerRateLimit(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  await app.register(rateLimit, {
    hook: 'preHandler',
    max: (request) => request.principal?.rateLimit?.max ?? options.max,
    timeWindow: (request) => request.principal?.rateLimit?.windowMs ?? options.windowMs,
    keyGenerator: (request) => request.principal?.keyId ?? request.ip,
    errorResponseBuilder: (_request, context) =>
      Object.assign(new ApiError(429, 'Too many requests', `limit of ${context.max} requests per ${context.after}`), {
        statusCode: 429,
      }),
  });
}
