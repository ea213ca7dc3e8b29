import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/errors.js';
import { exportText, importText, parseLines, seedRichTag } from '../helpers/export.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('container tag export and import: authorization and isolation', () => {
  let server: TestServer;
  let exported: string;
  const TAG = 'sec_src';

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MAX: '1000' });
    await seedRichTag(server, TAG);
    exported = (await exportText(server, TAG)).body;
  }, 120_000);
  afterAll(async () => server?.close());

  it('answers 401 without a valid key', async () => {
    for (const key of ['em_not_a_real_key']) {
      expectError(await exportText(server, TAG, { key }), 401);
      expectError(await exportText(server, null, { key }), 401);
      expectError(await importText(server, 'sec_copy', exported, { key }), 401);
    }
  });

  it('refuses a scoped key on export and import, in its own tag too, whether or not the tag exists (the container-tag routes are outside what scoped keys may call)', async () => {
    const scoped = await server.createKey({ containerTags: ['sec_mine'] });
    const existing = await exportText(server, TAG, { key: scoped });
    expectError(existing, 403);
    for (const tag of ['sec_mine', 'sec_nothing_here']) {
      const other = await exportText(server, tag, { key: scoped });
      expect({ status: other.status, body: other.body }).toEqual({ status: existing.status, body: existing.body });
      expectError(await importText(server, tag, exported, { key: scoped }), 403);
    }
    expectError(await exportText(server, null, { key: scoped }), 403);
    expectError(await exportText(server, 'sec_mine'), 404);
  });

  it('lets a read-only key export but not import, and only admin keys export the whole organization', async () => {
    const readOnly = await server.createKey({ permission: 'read' });
    expect((await exportText(server, TAG, { key: readOnly })).status).toBe(200);
    expectError(await importText(server, 'sec_ro', exported, { key: readOnly }), 403);
    expectError(await exportText(server, 'sec_ro'), 404);
    expect((await importText(server, 'sec_mine', exported)).status).toBe(200);
    const member = await server.createKey({ role: 'member' });
    expectError(await exportText(server, null, { key: member }), 403);
    const org = parseLines((await exportText(server, null)).body);
    expect(org[0]).toMatchObject({ kind: 'header', containerTag: null });
    expect(new Set(org.filter((l) => l.kind === 'document').map((l) => l.containerTag))).toEqual(new Set([TAG, 'sec_mine']));
  });

  it("shows another organization nothing of this one's tags, and its import lands in its own organization", async () => {
    const other = await server.createKey({ orgName: 'sec-other', role: 'admin' });
    expectError(await exportText(server, TAG, { key: other }), 404);
    expect(parseLines((await exportText(server, null, { key: other })).body).filter((l) => l.kind !== 'header' && l.kind !== 'end')).toEqual([]);
    expect((await importText(server, TAG, exported, { key: other })).status).toBe(200);
    const theirs = parseLines((await exportText(server, TAG, { key: other })).body);
    const ours = parseLines((await exportText(server, TAG)).body);
    const ids = (lines: Record<string, any>[]) => new Set(lines.filter((l) => l.id).map((l) => l.id));
    expect([...ids(theirs)].filter((id) => ids(ours).has(id))).toEqual([]);
    expect(theirs.at(-1)!.counts).toEqual(ours.at(-1)!.counts);
  });
});
