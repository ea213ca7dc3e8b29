import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driver, startTestServer, waitForDocument, type TestServer } from '../helpers/server.js';

interface Recorded {
  statements: string[];
}

type Queryable = { query(text: string, ...rest: unknown[]): Promise<unknown> };
type Transacting = { transaction<T>(callback: (tx: Queryable) => Promise<T>): Promise<T> };

/**
 * Records the statements of every transaction the embedded database runs (its client's
 * `transaction`, through which drizzle opens them).
 */
function recordTransactions(client: Transacting): { transactions: Recorded[]; stop(): void } {
  const transactions: Recorded[] = [];
  const original = client.transaction;
  client.transaction = <T>(callback: (tx: Queryable) => Promise<T>): Promise<T> =>
    original.call(client, (tx: Queryable) => {
      const recorded: Recorded = { statements: [] };
      transactions.push(recorded);
      const counted = new Proxy(tx, {
        get(target, key, receiver) {
          const value = Reflect.get(target, key, receiver);
          if (key === 'query' && typeof value === 'function') {
            return (text: string, ...rest: unknown[]) => {
              recorded.statements.push(text);
              return value.call(target, text, ...rest);
            };
          }
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      return callback(counted);
    }) as Promise<T>;
  return { transactions, stop: () => (client.transaction = original) };
}

describe('the memory step’s transaction', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it('reads nothing of the tag but whether it changed: its neighbours and the memories setting the same attributes are read before it', async () => {
    const add = async (content: string) => {
      const added = await server.request('POST', '/v3/documents', { body: { content, containerTag: 'step_tx' } });
      expect(added.status).toBe(200);
      expect((await waitForDocument(server, added.body.id)).status).toBe('done');
    };
    await add('Maya Chen lives in Lisbon. Maya Chen works at Acme Robotics as a hardware engineer. Maya Chen plays the cello.');

    // Recorded on the embedded database, whose client runs every transaction; on PostgreSQL the memories alone are checked.
    const recording = driver === 'pglite' ? recordTransactions((server.app.database as unknown as { client: Transacting }).client) : undefined;
    try {
      // A new residence (a new version), the same employer again (a duplicate), and a new fact.
      await add('Maya Chen lives in Porto. Maya Chen works at Acme Robotics as a hardware engineer. Maya Chen keeps bees.');
    } finally {
      recording?.stop();
    }
    if (recording) {
      const step = recording.transactions.filter((t) => t.statements.some((s) => /insert into "memories"/i.test(s)));
      expect(step).toHaveLength(1);
      const statements = step[0].statements;
      // No nearest-neighbour scan, no read of the memories that set an attribute: only the check that the tag is as read, by its record of changes.
      expect(statements.filter((s) => s.includes('<=>'))).toEqual([]);
      expect(statements.filter((s) => /"attributes" @>|attributes @>/.test(s))).toEqual([]);
      expect(statements.filter((s) => s.includes('memory_tag_changes'))).toHaveLength(1);
    }

    const listed = await server.request('POST', '/v4/memories/list', { body: { containerTag: 'step_tx', limit: 50 } });
    expect(listed.status).toBe(200);
    const live = listed.body.memoryEntries
      .filter((m: { isForgotten?: boolean }) => !m.isForgotten)
      .map((m: { memory: string; version: number }) => `${m.memory} v${m.version}`)
      .sort();
    expect(live).toEqual([
      'Maya Chen keeps bees v1',
      'Maya Chen lives in Porto v2',
      'Maya Chen plays the cello v1',
      'Maya Chen works at Acme Robotics as a hardware engineer v1',
    ]);
  });
});
