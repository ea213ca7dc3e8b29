import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ChildServer } from '../helpers/child-server.js';
import { EventReceiver } from '../helpers/event-receiver.js';
import { createTestDatabase, dropTestDatabase } from '../helpers/pg-cluster.js';
import { driver, waitFor } from '../helpers/server.js';

describe('webhooks: a worker killed mid-delivery', () => {
  const key = `em_test_${randomBytes(16).toString('hex')}`;
  let receiver: EventReceiver;
  let server: ChildServer;
  let dataDir: string | undefined;
  let dbName: string | undefined;

  beforeAll(async () => {
    receiver = await EventReceiver.start();
    const env: Record<string, string> = {
      ENGRAM_API_KEY: key,
      ALLOW_PRIVATE_URLS: 'true',
      WORKER_POLL_MS: '100',
      WEBHOOK_POLL_MS: '50',
      WEBHOOK_TIMEOUT_MS: '60000',
    };
    if (driver === 'postgres') {
      dbName = `engram_wh_${randomBytes(4).toString('hex')}`;
      env.DATABASE_URL = await createTestDatabase(inject('pgUrl')!, dbName);
      // The lease a dead dispatcher leaves is its timeout and 15 s.
      env.WEBHOOK_TIMEOUT_MS = '3000';
    } else {
      dataDir = mkdtempSync(join(tmpdir(), 'engram-webhooks-'));
      env.DATA_DIR = dataDir;
    }
    server = await ChildServer.create(env);
    await server.start();
  });

  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (dbName) await dropTestDatabase(inject('pgUrl')!, dbName);
  });

  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as any };
  };

  it('loses no event and sends again only the one in flight, in order', async () => {
    const created = await api('POST', '/v3/webhooks', { url: receiver.url, eventTypes: ['document.queued'] });
    expect(created.status).toBe(201);
    receiver.secrets = [created.body.secret];
    receiver.answers = ['hang'];
    const ids: string[] = [];
    ids.push((await api('POST', '/v3/documents', { content: 'first', containerTag: 'wh-crash' })).body.id);
    await waitFor(async () => (receiver.received.length === 1 ? true : undefined), 30_000, 'the first delivery to hang');
    for (const content of ['second', 'third']) ids.push((await api('POST', '/v3/documents', { content, containerTag: 'wh-crash' })).body.id);

    await server.kill();
    // Nothing else went out while the first hung: its endpoint's deliveries wait behind it.
    expect(receiver.received.length).toBe(1);
    await server.start();

    const delivered = await waitFor(async () => (receiver.delivered().length >= 3 ? receiver.delivered() : undefined), 90_000, 'every event after the restart');
    expect(delivered.map((e) => e.body.data.id)).toEqual(ids);
    expect(delivered.every((e) => e.verifiedWith.length === 1)).toBe(true);
    const sent = receiver.received.map((e) => e.id);
    // The one in flight twice, with the same webhook-id; the others once.
    expect(sent).toEqual([delivered[0].id, ...delivered.map((e) => e.id)]);
  });
});
