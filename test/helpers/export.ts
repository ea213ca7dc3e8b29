import { importedId } from '../../src/core/portability/ids.js';
import { findOrgByName } from '../../src/store/keys.js';
import { seedMemory } from './memories.js';
import { waitFor, type TestServer } from './server.js';

/**
 * A tag with every kind of record an export carries: documents (text with a customId, an uploaded
 * file), extracted memories, a version chain, a forgotten memory with its reason, an inference,
 * tag settings with buckets, and its profile.
 */
export async function seedRichTag(server: TestServer, tag: string): Promise<void> {
  const docs = [
    { content: 'Maya works at Acme Robotics. Maya lives in Lisbon.', customId: `${tag}-notes` },
    { content: 'Maya plays the cello every Sunday. Maya loves green tea.', customId: `${tag}-hobbies`, metadata: { topic: 'hobbies' } },
  ];
  const ids: string[] = [];
  for (const doc of docs) ids.push((await server.request('POST', '/v3/documents', { body: { ...doc, containerTag: tag } })).body.id);
  const form = new FormData();
  form.append('file', new Blob(['name,city\nMaya,Lisbon\n'], { type: 'text/csv' }), 'people.csv');
  form.append('containerTag', tag);
  ids.push((await server.request('POST', '/v3/documents/file', { raw: form })).body.id);
  await waitFor(
    async () => {
      const states = await Promise.all(ids.map(async (id) => (await server.request('GET', `/v3/documents/${id}`)).body.status));
      return states.every((s) => s === 'done') || undefined;
    },
    60_000,
    'documents done',
  );
  await server.request('PATCH', `/v3/container-tags/${tag}`, {
    body: { name: 'Maya', entityContext: 'Notes about Maya', profileBuckets: [{ key: 'music', description: 'instruments and songs' }] },
  });
  const written = await server.request('POST', '/v4/memories', {
    body: { containerTag: tag, memories: [{ content: 'Maya drives a blue van' }, { content: 'Maya has a cat named Pix' }] },
  });
  const [van, cat] = written.body.memories.map((m: { id: string }) => m.id);
  await server.request('PATCH', '/v4/memories', { body: { containerTag: tag, id: van, newContent: 'Maya drives a red van' } });
  await server.request('DELETE', '/v4/memories', { body: { containerTag: tag, id: cat, reason: 'the cat moved out' } });
  await seedMemory(server, { memory: 'Maya is a musician', containerTag: tag, isInference: true, relations: { [van]: 'derives' } });
}

/** An export over HTTP; its body is left as text (the shared request helper would parse NDJSON as one JSON document). */
export async function exportText(server: TestServer, tag: string | null, options: { key?: string; embeddings?: boolean } = {}) {
  const path = tag === null ? '/v3/export' : `/v3/container-tags/${tag}/export`;
  const response = await fetch(`${server.url}${path}${options.embeddings ? '?embeddings=true' : ''}`, {
    headers: { authorization: `Bearer ${options.key ?? server.adminKey}` },
  });
  const text = await response.text();
  const json = response.headers.get('content-type')?.startsWith('application/json');
  return { status: response.status, headers: response.headers, body: json ? JSON.parse(text) : text };
}

export function importText(server: TestServer, tag: string, body: string | Uint8Array, options: { key?: string; headers?: Record<string, string> } = {}) {
  return server.request('POST', `/v3/container-tags/${tag}/import`, {
    key: options.key,
    raw: body as BodyInit,
    headers: { 'content-type': 'application/x-ndjson', ...options.headers },
  });
}

export const parseLines = (text: string): Record<string, any>[] =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

/**
 * An export as it should read after an import into `tag` of `orgName`: ids mapped as the import
 * derives them, the tag renamed, and what docs/export-format.md says changes (export time, the
 * tag settings' timestamps) left out; sorted, since lines follow their ids.
 */
export async function expectedAfterImport(server: TestServer, lines: Record<string, any>[], tag: string, orgName = 'default') {
  const org = await findOrgByName(server.app.database.db, orgName);
  const id = (old: string | null) => (old === null ? null : importedId(org!.id, tag, old));
  return canonical(
    lines.map((line) => {
      const l = structuredClone(line);
      if ('containerTag' in l) l.containerTag = tag;
      if (l.kind === 'document' || l.kind === 'chunk' || l.kind === 'memory') l.id = id(l.id);
      if (l.kind === 'chunk') l.documentId = id(l.documentId);
      if (l.kind === 'memory') {
        l.parentMemoryId = id(l.parentMemoryId);
        l.rootMemoryId = id(l.rootMemoryId);
        l.relations = Object.fromEntries(Object.entries(l.relations).map(([k, v]) => [id(k), v]));
        l.sources = l.sources.map((s: any) => ({ ...s, documentId: id(s.documentId) })).sort((a: any, b: any) => a.documentId.localeCompare(b.documentId));
      }
      if (l.kind === 'profile') {
        const remap = (entries: any[]) => entries.map((e) => ({ ...e, memoryId: id(e.memoryId) }));
        l.staticEntries = remap(l.staticEntries);
        l.dynamicEntries = remap(l.dynamicEntries);
        l.bucketEntries = Object.fromEntries(Object.entries(l.bucketEntries).map(([k, v]) => [k, remap(v as any[])]));
      }
      return l;
    }),
  );
}

/** Lines without what changes by design, in a stable order. */
export function canonical(lines: Record<string, any>[]): string[] {
  return lines
    .map((line) => {
      const { exportedAt: _e, ...rest } = line;
      if (rest.kind === 'space') {
        delete rest.createdAt;
        delete rest.updatedAt;
      }
      return JSON.stringify(rest);
    })
    .sort();
}

/**
 * A second, empty server on the other driver: PGlite when the suite runs on PostgreSQL, PostgreSQL
 * (ENGRAM_TEST_PG_URL) when it runs on PGlite and one is given, else a second PGlite server.
 */
export async function startOtherDriverServer(): Promise<{ server: TestServer; driver: 'pglite' | 'postgres' }> {
  const { driver } = await import('./server.js');
  const { startTestServer } = await import('./server.js');
  const { createTestDatabase } = await import('./pg-cluster.js');
  const { randomBytes } = await import('node:crypto');
  const pgUrl = process.env.ENGRAM_TEST_PG_URL;
  if (driver === 'pglite' && pgUrl) {
    const url = await createTestDatabase(pgUrl, `engram_t_${randomBytes(6).toString('hex')}`);
    return { server: await startTestServer({ RATE_LIMIT_MAX: '1000', DATABASE_URL: url }), driver: 'postgres' };
  }
  if (driver === 'postgres') {
    const { createApp } = await import('../../src/app.js');
    const { loadConfig } = await import('../../src/config.js');
    const adminKey = `em_test_${randomBytes(16).toString('hex')}`;
    const app = await createApp(
      loadConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: 'memory://',
        ENGRAM_API_KEY: adminKey,
        LOG_LEVEL: 'silent',
        WORKER_POLL_MS: '100',
        RATE_LIMIT_MAX: '1000',
      }),
      { worker: true, http: true },
    );
    const url = await app.http!.listen({ port: 0, host: '127.0.0.1' });
    const request = async (
      method: string,
      path: string,
      options: { body?: unknown; key?: string | null; headers?: Record<string, string>; raw?: BodyInit } = {},
    ) => {
      const headers: Record<string, string> = { ...options.headers, authorization: `Bearer ${options.key ?? adminKey}` };
      if (options.body !== undefined) headers['content-type'] ??= 'application/json';
      const response = await fetch(`${url}${path}`, { method, headers, body: options.body !== undefined ? JSON.stringify(options.body) : options.raw });
      const text = await response.text();
      return {
        status: response.status,
        headers: response.headers,
        body: response.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : text,
      };
    };
    const server = { url, app, adminKey, request, createKey: () => Promise.reject(new Error('not needed')), close: () => app.close() } as unknown as TestServer;
    return { server, driver: 'pglite' };
  }
  return { server: await startTestServer({ RATE_LIMIT_MAX: '1000' }), driver: 'pglite' };
}
