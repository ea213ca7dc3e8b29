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

  it('lets a scoped key export and import its own tag, and answers it for another tag what an unknown tag answers', async () => {
    const scoped = await server.createKey({ containerTags: ['sec_mine'], permission: 'write' });
    const unknown = await exportText(server, 'sec_nothing_here', { key: scoped });
    expectError(unknown, 404);
    const outside = await exportText(server, TAG, { key: scoped });
    expect({ status: outside.status, error: outside.body.error }).toEqual({ status: 404, error: unknown.body.error });
    expect(outside.body.details).toBe(`containerTag: ${TAG}`);
    // Importing into a tag outside its scope is the same 404, and writes nothing there.
    const refused = await importText(server, 'sec_other', exported, { key: scoped });
    expect({ status: refused.status, body: refused.body }).toEqual({ status: 404, body: { error: unknown.body.error, details: 'containerTag: sec_other' } });
    expectError(await exportText(server, 'sec_other'), 404);
    expect((await importText(server, 'sec_mine', exported, { key: scoped })).status).toBe(200);
    const mine = parseLines((await exportText(server, 'sec_mine', { key: scoped })).body);
    expect(mine.at(-1)).toMatchObject({ kind: 'end', counts: parseLines(exported).at(-1)!.counts });
    // The organization export stays for admin keys.
    expectError(await exportText(server, null, { key: scoped }), 403);
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
