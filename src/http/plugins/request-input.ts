import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import { ApiError } from '../api-error.js';
import { assertStorableInput } from '../../model/request-input.js';

/**
 * Every request value is checked once, before validation, for what PostgreSQL would refuse later
 * (NUL, unpaired surrogates) and for nesting that recursive validation could overflow on: JSON
 * bodies in their parser, path and query parameters in a hook. Multipart fields are checked
 * where they are read (upload.ts). A query parameter is given once: the parser reads a repeated
 * one as a list, which no route takes (lists are comma-separated) and a route without a query
 * schema would read as a string.
 */
export function registerRequestInput(app: FastifyInstance): void {
  registerJsonBody(app);
  app.addHook('preValidation', async (request) => {
    assertStorableInput(request.params, 'params');
    assertSingleValues(request.query);
    assertStorableInput(request.query, 'querystring');
  });
}

function assertSingleValues(query: unknown): void {
  if (query === null || typeof query !== 'object') return;
  const repeated = Object.keys(query).find((name) => Array.isArray((query as Record<string, unknown>)[name]));
  if (repeated !== undefined) {
    throw new ApiError(400, 'Invalid request', `querystring.${repeated.slice(0, 100)}: given more than once; give each query parameter once`);
  }
}

/**
 * JSON parser that accepts an empty body (clients send DELETE with or without one) and refuses
 * prototype-poisoning keys.
 */
function registerJsonBody(app: FastifyInstance): void {
  app.removeContentTypeParser(['application/json']);
  app.addContentTypeParser(/^application\/([\w.+-]+\+)?json$/, { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    let value: unknown;
    try {
      value = secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
    } catch (error) {
      return done(new ApiError(400, 'Invalid JSON body', error instanceof Error ? error.message : undefined), undefined);
    }
    try {
      assertStorableInput(value, 'body');
    } catch (error) {
      return done(error as Error, undefined);
    }
    done(null, value);
  });
}
