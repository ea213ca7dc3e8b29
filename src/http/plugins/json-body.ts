import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import { ApiError } from '../../core/errors.js';

/**
 * JSON parser that accepts an empty body (clients send DELETE with or without one) and refuses
 * prototype-poisoning keys.
 */
export function registerJsonBody(app: FastifyInstance): void {
  app.removeContentTypeParser(['application/json']);
  app.addContentTypeParser(/^application\/([\w.+-]+\+)?json$/, { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }));
    } catch (error) {
      done(new ApiError(400, 'Invalid JSON body', error instanceof Error ? error.message : undefined), undefined);
    }
  });
}
