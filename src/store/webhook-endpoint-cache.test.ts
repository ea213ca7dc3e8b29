import { describe, expect, it } from 'vitest';
import type { Tx } from './database.js';
import { endpointsChangedPayload, type RoutingEndpoint, WebhookEndpointCache } from './webhook-endpoint-cache.js';

const db = {} as Tx;
const endpoint = (id: string, orgId: string): RoutingEndpoint => ({ id, orgId, eventTypes: ['document.queued'], containerTags: null });

/** A loader over a table the test changes, counting its reads; `gate` holds a read until released. */
function table() {
  const rows: RoutingEndpoint[] = [];
  let gate: Promise<void> | null = null;
  const loader = {
    rows,
    reads: 0,
    hold() {
      let release!: () => void;
      gate = new Promise((resolve) => (release = resolve));
      return () => {
        gate = null;
        release();
      };
    },
    load: async (_db: Tx, orgIds: string[]) => {
      loader.reads++;
      const snapshot = rows.filter((r) => orgIds.includes(r.orgId));
      if (gate) await gate;
      return snapshot;
    },
  };
  return loader;
}

describe('WebhookEndpointCache', () => {
  it('reads an organization once, keeps an empty answer too, and reads again once forgotten', async () => {
    const t = table();
    const cache = new WebhookEndpointCache(60_000, t.load);
    expect(await cache.endpoints(db, ['o1'])).toEqual([]);
    expect(await cache.endpoints(db, ['o1'])).toEqual([]);
    expect(t.reads).toBe(1);
    t.rows.push(endpoint('e1', 'o1'));
    cache.heard(endpointsChangedPayload('o1'));
    expect(await cache.endpoints(db, ['o1'])).toEqual([endpoint('e1', 'o1')]);
    expect(t.reads).toBe(2);
    // Deliveries written: not about endpoints.
    cache.heard('');
    await cache.endpoints(db, ['o1']);
    expect(t.reads).toBe(2);
    // The listening connection opened again: everything may be stale.
    cache.heard(undefined);
    await cache.endpoints(db, ['o1']);
    expect(t.reads).toBe(3);
  });

  it('reads again what is older than its bound', async () => {
    const t = table();
    let now = 0;
    const cache = new WebhookEndpointCache(1_000, t.load, () => now);
    await cache.endpoints(db, ['o1']);
    now = 999;
    await cache.endpoints(db, ['o1']);
    expect(t.reads).toBe(1);
    now = 1_000;
    await cache.endpoints(db, ['o1']);
    expect(t.reads).toBe(2);
  });

  it('does not keep a read that a change of the endpoints overtook', async () => {
    const t = table();
    const cache = new WebhookEndpointCache(60_000, t.load);
    const release = t.hold();
    const racing = cache.endpoints(db, ['o1']);
    // An endpoint is created and its change heard while the read is under way.
    t.rows.push(endpoint('e1', 'o1'));
    cache.forget('o1');
    release();
    expect(await racing).toEqual([]);
    expect(await cache.endpoints(db, ['o1'])).toEqual([endpoint('e1', 'o1')]);
    expect(t.reads).toBe(2);
  });
});
