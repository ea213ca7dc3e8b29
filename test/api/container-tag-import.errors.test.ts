import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/errors.js';
import { canonical, exportText, importText, parseLines, seedRichTag } from '../helpers/export.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('container tag import: bad input', () => {
  let server: TestServer;
  let lines: string[];
  const TARGET = 'import_bad';

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MAX: '1000' });
    await seedRichTag(server, 'import_src');
    lines = (await exportText(server, 'import_src', { embeddings: true })).body.trimEnd().split('\n');
  }, 120_000);
  afterAll(async () => server?.close());

  const nothingImported = async () => expectError(await exportText(server, TARGET), 404);
  const body = (rows: string[]) => `${rows.join('\n')}\n`;

  it('answers a file cut short (no end line) 400 naming the line, and imports nothing', async () => {
    const res = await importText(server, TARGET, body(lines.slice(0, -3)));
    expectError(res, 400, new RegExp(`line ${lines.length - 2}: .*cut short`));
    await nothingImported();
  });

  it('answers a line cut in the middle 400 naming it, and imports nothing', async () => {
    const cut = lines.length - 3;
    const res = await importText(server, TARGET, body([...lines.slice(0, cut), lines[cut].slice(0, 40)]));
    expectError(res, 400, new RegExp(`line ${cut + 1}: not valid JSON`));
    await nothingImported();
  });

  it('answers a record with a wrong field 400 naming the line and the field', async () => {
    const at = lines.findIndex((l) => l.includes('"kind":"memory"'));
    const broken = JSON.stringify({ ...JSON.parse(lines[at]), version: 'two' });
    const res = await importText(server, TARGET, body([...lines.slice(0, at), broken, ...lines.slice(at + 1)]));
    expectError(res, 400, new RegExp(`line ${at + 1}: version`));
    await nothingImported();
  });

  it('answers text the database cannot store 400 naming the line and the field, before writing anything', async () => {
    const at = lines.findIndex((l) => l.includes('"kind":"document"'));
    const broken = JSON.stringify({ ...JSON.parse(lines[at]), title: 'a NUL \u0000 here' });
    const res = await importText(server, TARGET, body([...lines.slice(0, at), broken, ...lines.slice(at + 1)]));
    expectError(res, 400, new RegExp(`line ${at + 1}: title: contains a NUL character`));
    await nothingImported();
  });

  it('answers an end line whose counts do not match 400', async () => {
    const end = JSON.parse(lines.at(-1)!);
    const wrong = JSON.stringify({ ...end, counts: { ...end.counts, memories: end.counts.memories + 1 } });
    expectError(await importText(server, TARGET, body([...lines.slice(0, -1), wrong])), 400, /incomplete/);
    await nothingImported();
  });

  it('answers a reference to a record missing from the file 400, and imports nothing', async () => {
    const withoutDocuments = lines.filter((l) => !l.includes('"kind":"document"'));
    const end = JSON.parse(withoutDocuments.at(-1)!);
    withoutDocuments[withoutDocuments.length - 1] = JSON.stringify({ ...end, counts: { ...end.counts, documents: 0 } });
    expectError(await importText(server, TARGET, body(withoutDocuments)), 400, /line/);
    await nothingImported();
  });

  it('puts a tag back as it was when the database refuses a batch after earlier ones were written', async () => {
    const tag = 'import_undo';
    expect((await importText(server, tag, body(lines))).status).toBe(200);
    const before = canonical(parseLines((await exportText(server, tag, { embeddings: true })).body));
    // New documents and chunks (fresh ids and customIds), new tag settings, then a memory whose source is in no file nor tag.
    const renamed = new Map<string, string>();
    for (const line of lines.map((l) => JSON.parse(l))) if (line.kind === 'document' || line.kind === 'chunk') renamed.set(line.id, `${line.id}_again`);
    let refusedAt = 0;
    const altered = lines.map((text, i) => {
      const line = JSON.parse(text);
      if (line.kind === 'space') line.name = 'Overwritten for a moment';
      if (line.kind === 'document') line.customId = line.customId && `${line.customId}-again`;
      if (line.kind === 'document' || line.kind === 'chunk') line.id = renamed.get(line.id);
      if (line.kind === 'chunk') line.documentId = renamed.get(line.documentId);
      if (line.kind === 'memory' && !refusedAt && line.sources.length) {
        line.sources = [{ ...line.sources[0], documentId: 'in-no-file' }];
        refusedAt = i + 1;
      }
      return JSON.stringify(line);
    });
    expect(refusedAt).toBeGreaterThan(0);
    expectError(await importText(server, tag, body(altered)), 400, /lines? \d+.*refused by the database/);
    expect(canonical(parseLines((await exportText(server, tag, { embeddings: true })).body))).toEqual(before);
  });

  it('answers a file that is not an export 400 at line 1, and an empty body 400', async () => {
    expectError(await importText(server, TARGET, '{"kind":"header","format":"other"}\n'), 400, /line 1: format/);
    expectError(await importText(server, TARGET, ''), 400, /line 1/);
    await nothingImported();
  });

  it('refuses another media type 415 and broken gzip 400', async () => {
    const res = await server.request('POST', `/v3/container-tags/${TARGET}/import`, { body: { kind: 'header' } });
    expectError(res, 415);
    expectError(await importText(server, TARGET, 'not gzip at all', { headers: { 'content-encoding': 'gzip' } }), 400, /gzip/);
    await nothingImported();
  });
});
