import { it } from 'vitest';
import { startTestServer, waitForDocument } from '../helpers/server.js';
it('probe', async () => {
  const s = await startTestServer();
  const r = await s.request('POST', '/v3/documents', { body: { content: 'hello world' } });
  const d = await waitForDocument(s, r.body.id);
  console.log('STATUS', d.status, d.error);
  await s.close();
});
