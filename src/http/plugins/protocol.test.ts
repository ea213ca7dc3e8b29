import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerProtocol, timeoutServerOptions } from './protocol.js';

describe('the body idle timeout', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => app?.close());

  it('bounds the body, not the answer: a handler slower than the idle timeout still answers', async () => {
    app = Fastify(timeoutServerOptions({ requestMs: 5_000, headersMs: 2_000, bodyIdleMs: 200 }));
    registerProtocol(app);
    // The slow handler is what is under test: it works three idle timeouts long with the connection silent.
    app.post('/slow', async (request) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      return { received: request.body };
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${url}/slow`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: { a: 1 } });
  });
});
