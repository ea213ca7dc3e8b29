import { describe, expect, it } from 'vitest';
import { DelegatingEmbedder } from '../../src/ai/embeddings/embedder.js';
import { lentModel, startTestServer } from '../helpers/server.js';

/** A model whose close never ends: a closing step that hangs. */
class NeverClosingEmbedder extends DelegatingEmbedder {
  override close(): Promise<void> {
    return new Promise(() => undefined);
  }
}

describe('shutdown with a closing step that hangs', () => {
  it('goes on without it after its bound, closes the rest and names it', async () => {
    const server = await startTestServer({ SHUTDOWN_GRACE_MS: '1000' }, { embedder: new NeverClosingEmbedder(await lentModel()) });
    const health = await server.request('GET', '/', { key: null });
    expect(health.status).toBe(200);

    const report = await server.app.close();
    expect(report.stepsCut).toEqual(['embedding model']);
    expect(report.ms).toBeLessThan(10_000);
    // The steps after it ran: the database is closed.
    await expect(server.app.database.db.execute('select 1')).rejects.toThrow();
    await server.close();
  });
});
