import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { turns } from '../fixtures/conversation-turns.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('conversations: bad input', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it('rejects bad input with 400 and the error shape', async () => {
    const bad: unknown[] = [
      { messages: turns },
      { conversationId: 'x', messages: [] },
      { conversationId: 'x', messages: [{ role: 'robot', content: 'hi' }] },
      { conversationId: 'x', messages: [{ role: 'user' }] },
      { conversationId: '', messages: turns },
      { conversationId: 'x'.repeat(256), messages: turns },
      { conversationId: 'x', messages: turns, containerTag: 'bad tag' },
    ];
    for (const body of bad) {
      const res = await server.request('POST', '/v4/conversations', { body });
      expect(res.status).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
  });
});
