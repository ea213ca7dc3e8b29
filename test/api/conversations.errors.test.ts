import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('conversations: bad input', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  const turns = [
    { role: 'user', name: 'Caroline', content: 'I went to a LGBTQ support group yesterday.' },
    { role: 'assistant', name: 'Melanie', content: 'That sounds powerful! How was it?' },
    {
      role: 'assistant',
      content: '',
      tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'lookup_group', arguments: '{"city":"Austin"}' } }],
    },
    { role: 'tool', tool_call_id: 'call_1', content: 'Austin Pride Center, Tuesdays' },
  ];

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
