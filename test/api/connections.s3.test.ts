import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeS3 } from '../fakes/s3/index.js';
import { expectError } from '../helpers/errors.js';
import { importNow, waitForRuns, waitForSourceDocuments } from '../helpers/connections.js';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.js';

let s3: FakeS3;
let server: TestServer;

beforeAll(async () => {
  s3 = await FakeS3.start();
  server = await startTestServer({ SYNC_PROVIDER_WAIT_MS: '1' });
});

afterAll(async () => {
  await server?.close();
  await s3?.close();
});

const contentOf = async (doc: { id: string }) => (await server.request('GET', `/v3/documents/${doc.id}`)).body.content as string;

/** A bucket of its own for a test, with a key allowed to read it. */
function bucketFor(name: string) {
  s3.createBucket(name);
  return s3.addKey({ buckets: [name] });
}

async function connect(tag: string, metadata: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<string> {
  const created = await server.request('POST', '/v3/connections/s3', {
    body: { containerTag: tag, metadata: { endpoint: s3.endpoint, ...metadata }, ...extra },
  });
  expect(created.status).toBe(200);
  return created.body.id;
}

const getsOf = (bucket: string) => s3.requests.filter((r) => r.route === 'GetObject' && r.bucket === bucket).map((r) => r.key);

describe('s3 connections over HTTP', () => {
  it('connects with an access key that is sealed and never answered, imports the bucket, and follows edits and deletions', async () => {
    const key = bucketFor('team-notes');
    s3.putObject('team-notes', 'notes/plan.md', '# Plan\n\nShip the S3 connector.\n', { contentType: 'text/markdown' });
    s3.putObject('team-notes', 'notes/minutes.txt', 'We agreed on Friday releases.');
    s3.putObject('team-notes', 'notes/old.md', '# Old\n\nTo be removed.\n');

    const created = await server.request('POST', '/v3/connections/s3', {
      body: { containerTag: 's3_team', metadata: { endpoint: s3.endpoint, bucket: 'team-notes', prefix: 'notes/', ...key } },
    });
    expect(created.status).toBe(200);
    const id = created.body.id;
    const docs = await waitForSourceDocuments(server, 's3', 's3_team', 3);
    expect(docs.map((d: any) => d.title).sort()).toEqual(['minutes.txt', 'old.md', 'plan.md']);
    expect(docs.every((d: any) => d.status === 'done')).toBe(true);
    const plan = docs.find((d: any) => d.title === 'plan.md');
    expect(await contentOf(plan)).toContain('Ship the S3 connector.');
    expect((await waitForRuns(server, id, 1))[0]).toMatchObject({ status: 'completed', triggerType: 'manual', itemsProcessed: 3, errorCode: null });

    // Never answered, never stored in plain.
    const shown = await server.request('GET', `/v3/connections/${id}`);
    expect(shown.body).toMatchObject({ status: 'active', metadata: { endpoint: s3.endpoint, bucket: 'team-notes', prefix: 'notes/' } });
    const listed = await server.request('POST', '/v3/connections/list', { body: { containerTags: ['s3_team'] } });
    const runs = await server.request('GET', `/v3/connections/${id}/sync-runs`);
    const row = ((await server.app.database.db.execute(sql`select metadata, config, cursor, tokens from connections where id = ${id}`)) as any).rows[0];
    for (const secret of [key.accessKeyId, key.secretAccessKey]) {
      for (const answer of [created, shown, listed, runs]) expect(JSON.stringify(answer.body)).not.toContain(secret);
      expect(JSON.stringify([row.metadata, row.config, row.cursor])).not.toContain(secret);
      expect(row.tokens).not.toContain(secret);
    }

    // An edit (a new ETag) is downloaded again, a deleted object's document goes, the unchanged one is not read.
    s3.putObject('team-notes', 'notes/plan.md', '# Plan\n\nShip the S3 connector on Friday.\n', { contentType: 'text/markdown' });
    s3.deleteObject('team-notes', 'notes/old.md');
    s3.resetRequests();
    await importNow(server, 's3', 's3_team');
    expect((await waitForRuns(server, id, 2))[0]).toMatchObject({ status: 'completed', itemsProcessed: 1, itemsDeleted: 1 });
    expect(getsOf('team-notes')).toEqual(['notes/plan.md']);
    const after = await waitForSourceDocuments(server, 's3', 's3_team', 2);
    expect(after.map((d: any) => d.title).sort()).toEqual(['minutes.txt', 'plan.md']);
    await waitFor(async () => ((await contentOf(after.find((d: any) => d.title === 'plan.md'))).includes('on Friday') ? true : undefined));

    s3.resetRequests();
    await importNow(server, 's3', 's3_team');
    expect((await waitForRuns(server, id, 3))[0]).toMatchObject({ status: 'completed', itemsProcessed: 0, itemsDeleted: 0 });
    expect(getsOf('team-notes')).toEqual([]);
  });

  it('imports only the keys under the prefix that end with one of the suffixes', async () => {
    const key = bucketFor('mixed');
    s3.putObject('mixed', 'docs/keep.md', '# Keep\n\nKept.\n');
    s3.putObject('mixed', 'docs/keep-too.TXT', 'Kept as well.');
    s3.putObject('mixed', 'docs/skip.csv', 'a,b\n1,2\n');
    s3.putObject('mixed', 'elsewhere/skip.md', '# Outside the prefix\n');
    const id = await connect('s3_filtered', { bucket: 'mixed', prefix: 'docs/', suffixes: ['.md', '.txt'], ...key });
    expect((await waitForRuns(server, id, 1))[0]).toMatchObject({ status: 'completed' });
    const docs = await waitForSourceDocuments(server, 's3', 's3_filtered', 2);
    expect(docs.map((d: any) => d.title).sort()).toEqual(['keep-too.TXT', 'keep.md']);
    expect(getsOf('mixed').sort()).toEqual(['docs/keep-too.TXT', 'docs/keep.md']);
  });

  it('holds the documentLimit for new objects only: edits and deletions of held ones still come through', async () => {
    const key = bucketFor('limited');
    for (const name of ['a', 'b', 'c']) s3.putObject('limited', `${name}.md`, `# ${name}\n\nFirst ${name}.\n`);
    const id = await connect('s3_limited', { bucket: 'limited', ...key }, { documentLimit: 2 });
    expect((await waitForRuns(server, id, 1))[0]).toMatchObject({ status: 'completed' });
    expect((await waitForSourceDocuments(server, 's3', 's3_limited', 2)).map((d: any) => d.title).sort()).toEqual(['a.md', 'b.md']);

    s3.putObject('limited', 'a.md', '# a\n\nSecond a.\n');
    s3.deleteObject('limited', 'b.md');
    s3.resetRequests();
    await importNow(server, 's3', 's3_limited');
    expect((await waitForRuns(server, id, 2))[0]).toMatchObject({ status: 'completed', itemsDeleted: 1 });
    // The edit was read; c.md, new, was not downloaded in the run that was at its limit when it began.
    expect(getsOf('limited')).toEqual(['a.md']);
    const docs = await waitForSourceDocuments(server, 's3', 's3_limited', 1);
    await waitFor(async () => ((await contentOf(docs[0])).includes('Second a.') ? true : undefined));

    // With room again (b.md is gone), the next run takes c.md.
    await importNow(server, 's3', 's3_limited');
    expect((await waitForRuns(server, id, 3))[0]).toMatchObject({ status: 'completed' });
    expect((await waitForSourceDocuments(server, 's3', 's3_limited', 2)).map((d: any) => d.title).sort()).toEqual(['a.md', 'c.md']);
  });

  it('puts a connection whose credentials the bucket refuses in error, saying why, without the keys', async () => {
    bucketFor('locked');
    s3.putObject('locked', 'a.md', '# a\n');
    const wrong = { accessKeyId: 'AKIANOTAKEYOFTHIS000', secretAccessKey: 'not-the-secret-of-any-key' };
    const id = await connect('s3_bad_key', { bucket: 'locked', ...wrong });
    expect((await waitForRuns(server, id, 1))[0]).toMatchObject({ status: 'failed', errorCode: 'auth_expired' });
    const shown = await server.request('GET', `/v3/connections/${id}`);
    expect(shown.body).toMatchObject({ status: 'error', lastSyncRun: { errorCode: 'auth_expired' } });
    const runs = await server.request('GET', `/v3/connections/${id}/sync-runs`);
    expect(JSON.stringify(runs.body)).toMatch(/InvalidAccessKeyId/);
    for (const secret of Object.values(wrong)) expect(JSON.stringify([shown.body, runs.body])).not.toContain(secret);

    // A key of another bucket: AccessDenied, the same state.
    const other = s3.addKey({ buckets: ['team-notes'] });
    const denied = await connect('s3_denied', { bucket: 'locked', ...other });
    expect((await waitForRuns(server, denied, 1))[0]).toMatchObject({ status: 'failed', errorCode: 'auth_expired' });
    expect((await server.request('GET', `/v3/connections/${denied}`)).body.status).toBe('error');
  });

  it('refuses bad metadata with 400 naming the field, and stores nothing', async () => {
    const key = s3.addKey();
    expectError(await server.request('POST', '/v3/connections/s3', { body: { containerTag: 's3_bad', metadata: { bucket: 'docs' } } }), 400, /accessKeyId/);
    expectError(await server.request('POST', '/v3/connections/s3', { body: { containerTag: 's3_bad', metadata: { ...key } } }), 400, /metadata\.bucket/);
    expectError(
      await server.request('POST', '/v3/connections/s3', { body: { containerTag: 's3_bad', metadata: { ...key, bucket: 'docs', endpoint: 'gopher://x' } } }),
      400,
      /metadata\.endpoint/,
    );
    expect((await server.request('POST', '/v3/connections/list', { body: { containerTags: ['s3_bad'] } })).body).toEqual([]);
  });
});
