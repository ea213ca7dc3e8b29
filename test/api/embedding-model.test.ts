import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp, type App } from '../../src/app.js';
import { ConfigError, loadConfig } from '../../src/config.js';
import { reembedAll } from '../../src/core/embedding/reembed.js';
import { systemClock } from '../../src/core/shared/clock.js';
import { createEmbedder } from '../../src/ai/factory.js';
import { openDatabase } from '../../src/store/database.js';
import { getEmbeddingSpace } from '../../src/store/embedding.js';
import { FakeOpenAiEmbeddings } from '../fakes/openai-embeddings.js';
import { createTestDatabase, dropTestDatabase } from '../helpers/pg-cluster.js';
import { driver } from '../helpers/server.js';

/**
 * The database records which model its vectors come from. A server configured with another
 * model refuses to start until `engram reembed` has re-embedded everything.
 */
describe('embedding model of a database', () => {
  let fake: FakeOpenAiEmbeddings;
  let dataDir: string | undefined;
  let databaseUrl: string | undefined;
  let dbName: string | undefined;
  const pgUrl = driver === 'postgres' ? inject('pgUrl') : null;
  const key = `em_test_${randomBytes(16).toString('hex')}`;

  beforeAll(async () => {
    fake = await FakeOpenAiEmbeddings.start({ dimension: 32 });
    if (pgUrl) {
      dbName = `engram_t_${randomBytes(6).toString('hex')}`;
      databaseUrl = await createTestDatabase(pgUrl, dbName);
    } else {
      dataDir = mkdtempSync(join(tmpdir(), 'engram-model-'));
    }
  });
  afterAll(async () => {
    await fake?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (pgUrl && dbName) await dropTestDatabase(pgUrl, dbName);
  });

  const config = (env: Record<string, string> = {}) =>
    loadConfig({
      DATA_DIR: dataDir ?? 'unused',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ENGRAM_API_KEY: key,
      ENGRAM_SECRET_KEY: 'k'.repeat(40),
      LOG_LEVEL: 'silent',
      EMBEDDINGS_THREADS: '1',
      ...env,
    });
  const remote = () => ({ EMBEDDINGS_BASE_URL: fake.baseUrl, EMBEDDINGS_MODEL: 'fake-embed-32' });

  async function withApp<T>(env: Record<string, string>, use: (app: App, url: string) => Promise<T>): Promise<T> {
    const app = await createApp(config(env), { worker: false, http: true });
    try {
      const url = await app.http!.listen({ port: 0, host: '127.0.0.1' });
      return await use(app, url);
    } finally {
      await app.close();
    }
  }

  const call = (url: string, path: string, body: unknown) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(async (r) => ({ status: r.status, body: await r.json() }));

  it('records the local model at first start and keeps serving with it', async () => {
    await withApp({}, async (app, url) => {
      expect(await getEmbeddingSpace(app.database.db)).toEqual({ model: 'universal-sentence-encoder-lite', dimension: 512 });
      const write = await call(url, '/v4/memories', { containerTag: 'm', memories: [{ content: 'Grace sails a small catamaran' }] });
      expect(write.status).toBe(201);
    });
    await withApp({}, async (_app, url) => {
      const res = await call(url, '/v4/search', { q: 'catamaran', containerTag: 'm' });
      expect(res.body.results[0].memory).toBe('Grace sails a small catamaran');
    });
  });

  it('refuses to start with another model, saying how to fix it', async () => {
    const error = await createApp(config(remote()), { worker: false, http: true }).then(
      async (app) => {
        await app.close();
        return null;
      },
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('universal-sentence-encoder-lite');
    expect(message).toContain('fake-embed-32');
    expect(message).toContain('engram reembed');
  });

  it('starts with the new model once everything is re-embedded, and searches with it', async () => {
    const database = await openDatabase({ databaseUrl, dataDir: dataDir ?? 'unused' });
    const embedder = await createEmbedder(config(remote()));
    try {
      const counts = await reembedAll(database.db, embedder, systemClock);
      expect(counts.memories).toBe(1);
      expect(await getEmbeddingSpace(database.db)).toEqual({ model: 'fake-embed-32', dimension: 32 });
    } finally {
      await embedder.close();
      await database.close();
    }
    const before = fake.requests.length;
    await withApp(remote(), async (_app, url) => {
      const res = await call(url, '/v4/search', { q: 'catamaran sails', containerTag: 'm', threshold: 0 });
      expect(res.status).toBe(200);
      expect(res.body.results[0].memory).toBe('Grace sails a small catamaran');
    });
    expect(fake.requests.length).toBeGreaterThan(before);
  });
});
