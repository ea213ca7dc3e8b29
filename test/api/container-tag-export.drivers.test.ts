import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonical, expectedAfterImport, exportText, importText, parseLines, seedRichTag, startOtherDriverServer } from '../helpers/export.js';
import { driver, startTestServer, type TestServer } from '../helpers/server.js';

describe('container tag export and import: across drivers', () => {
  let source: TestServer;
  let target: TestServer;
  let targetDriver: string;
  let exported: string;

  beforeAll(async () => {
    source = await startTestServer({ RATE_LIMIT_MAX: '1000' });
    await seedRichTag(source, 'drv_src');
    exported = (await exportText(source, 'drv_src', { embeddings: true })).body;
    ({ server: target, driver: targetDriver } = await startOtherDriverServer());
  }, 180_000);
  afterAll(async () => {
    await source?.close();
    await target?.close();
  });

  it(`restores a ${driver} export on a fresh server, exports it equal, and answers searches alike`, async () => {
    const res = await importText(target, 'drv_copy', exported);
    expect(res.status).toBe(200);
    expect(res.body.reembedded).toBe(false);
    const again = parseLines((await exportText(target, 'drv_copy', { embeddings: true })).body);
    const withoutVersion = (lines: string[]) => lines.map((l) => l.replace(/"serverVersion":"[^"]*",/, ''));
    expect(withoutVersion(canonical(again))).toEqual(withoutVersion(await expectedAfterImport(target, parseLines(exported), 'drv_copy')));
    for (const q of ['where does Maya live', 'cello']) {
      const search = async (server: TestServer, containerTag: string) =>
        (await server.request('POST', '/v4/search', { body: { q, containerTag, threshold: 0 } })).body.results.map((r: any) => [
          r.memory ?? r.chunk,
          r.similarity,
        ]);
      const original = await search(source, 'drv_src');
      expect(original.length).toBeGreaterThan(0);
      expect(await search(target, 'drv_copy')).toEqual(original);
    }
    expect(['pglite', 'postgres']).toContain(targetDriver);
  });
});
