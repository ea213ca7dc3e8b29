import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeS3 } from '../../../test/fakes/s3/index.js';
import { connectorFailure, deletionsOf, drain, itemsOf, lastCursor, syncRequest, textOf } from '../../../test/helpers/connectors.js';
import { connectorFor } from '../index.js';
import { ConnectorConfigError, type Connector, type SyncPage, type SyncRequest } from '../types.js';
import { bucketUrl } from './client.js';
import { readSettings } from './config.js';

let s3: FakeS3;
let key: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };

function bucket(options: { allowPrivate?: boolean; allowedAddresses?: string[]; retryBaseMs?: number; maxRateLimitWaitSeconds?: number } = {}): Connector {
  return connectorFor('s3', {
    fetch: { allowPrivate: options.allowPrivate ?? true, allowedAddresses: options.allowedAddresses, maxBytes: 5_000_000, timeoutMs: 5_000 },
    retryBaseMs: options.retryBaseMs ?? 1,
    maxRateLimitWaitSeconds: options.maxRateLimitWaitSeconds ?? 60,
    now: () => s3.clock.now(),
  })!;
}

const connector = () => bucket();

function request(metadata: Record<string, unknown> = {}, overrides: Partial<SyncRequest> = {}, credentials = key): SyncRequest {
  const config = connector().parseConfig({ endpoint: s3.endpoint, bucket: 'docs', ...credentials, ...metadata });
  return syncRequest({ credentials: { config: { ...config, ...credentials } }, config, now: () => s3.clock.now(), ...overrides });
}
const keysOf = (pages: SyncPage[]) =>
  itemsOf(pages)
    .map((i) => i.externalId)
    .sort();

beforeAll(async () => {
  s3 = await FakeS3.start();
  key = s3.addKey();
});
afterAll(() => s3.close());
beforeEach(() => {
  s3.buckets.clear();
  s3.createBucket('docs');
  s3.resetRequests();
  s3.pageSize = 1000;
});

describe('s3 connection config', () => {
  it('keeps the access key pair and session token out of the stored config, and applies defaults', () => {
    const config = connector().parseConfig({ bucket: 'team-notes', ...key, sessionToken: 'tok-123', prefix: 'notes/', note: 'kept' });
    expect(config).toMatchObject({
      bucket: 'team-notes',
      endpoint: null,
      region: 'us-east-1',
      prefix: 'notes/',
      forcePathStyle: false,
      maxObjectBytes: 20 * 1024 * 1024,
      maxObjects: 10_000,
      note: 'kept',
    });
    expect(config.suffixes).toContain('.pdf');
    for (const secret of [key.accessKeyId, key.secretAccessKey, 'tok-123']) expect(JSON.stringify(config)).not.toContain(secret);
    // A custom endpoint (MinIO and the like) uses path style unless told otherwise.
    expect(connector().parseConfig({ bucket: 'b12', ...key, endpoint: 'http://minio.local:9000/' })).toMatchObject({
      endpoint: 'http://minio.local:9000',
      forcePathStyle: true,
    });
    expect(connector().parseConfig({ bucket: 'b12', ...key, suffixes: ['.MD', '.txt'] }).suffixes).toEqual(['.md', '.txt']);
  });

  it('names the bad field', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ bucket: 'docs', secretAccessKey: key.secretAccessKey }, 'metadata.accessKeyId'],
      [{ bucket: 'docs', accessKeyId: key.accessKeyId }, 'metadata.secretAccessKey'],
      [{ bucket: 'docs', ...key, sessionToken: 'has space' }, 'metadata.sessionToken'],
      [{ ...key }, 'metadata.bucket'],
      [{ bucket: 'Not_A_Bucket', ...key }, 'metadata.bucket'],
      [{ bucket: '192.168.1.1', ...key }, 'metadata.bucket'],
      [{ bucket: 'docs', ...key, endpoint: 'ftp://example.com' }, 'metadata.endpoint'],
      [{ bucket: 'docs', ...key, endpoint: 'https://user:pw@example.com' }, 'metadata.endpoint'],
      [{ bucket: 'docs', ...key, region: 'EU West' }, 'metadata.region'],
      [{ bucket: 'docs', ...key, suffixes: ['a\u0001'] }, 'metadata.suffixes[0]'],
      [{ bucket: 'docs', ...key, maxObjectBytes: 200 * 1024 * 1024 }, 'metadata.maxObjectBytes'],
      [{ bucket: 'docs', ...key, forcePathStyle: 'sometimes' }, 'metadata.forcePathStyle'],
    ];
    for (const [metadata, field] of cases) {
      const err = (() => {
        try {
          connector().parseConfig(metadata);
        } catch (e) {
          return e;
        }
      })();
      expect(err, field).toBeInstanceOf(ConnectorConfigError);
      expect((err as ConnectorConfigError).field).toBe(field);
    }
  });

  it('addresses AWS buckets virtual-hosted by region, and path style where asked or where the name has dots', () => {
    const settings = readSettings({ bucket: 'team-notes', region: 'eu-west-1' });
    expect(bucketUrl(settings, 'Q1/plan (v2).md').href).toBe('https://team-notes.s3.eu-west-1.amazonaws.com/Q1/plan%20%28v2%29.md');
    expect(bucketUrl(settings).href).toBe('https://team-notes.s3.eu-west-1.amazonaws.com/');
    expect(bucketUrl(readSettings({ bucket: 'team.notes' }), 'a.md').href).toBe('https://s3.us-east-1.amazonaws.com/team.notes/a.md');
    expect(bucketUrl(readSettings({ bucket: 'b12', endpoint: 'http://127.0.0.1:9000/s3' }), 'x/y.md').href).toBe('http://127.0.0.1:9000/s3/b12/x/y.md');
  });
});

describe('s3 sync', () => {
  it('imports the objects under the prefix with a convertible name, as bytes with their type and name', async () => {
    s3.putObject('docs', 'notes/plan.md', '# Plan\n\nShip it.\n', { contentType: 'text/markdown' });
    s3.putObject('docs', 'notes/Café menu (1).txt', 'Soup of the day', { contentType: 'binary/octet-stream' });
    s3.putObject('docs', 'notes/a+b = c.csv', 'a,b\n1,2\n');
    s3.putObject('docs', 'notes/report.pdf', '%PDF-1.4 not really', { contentType: 'application/pdf' });
    s3.putObject('docs', 'notes/archive.zip', 'PK');
    s3.putObject('docs', 'notes/folder/', '');
    s3.putObject('docs', 'other/outside.md', 'not under the prefix');
    const pages = await drain(connector().sync(request({ prefix: 'notes/' })));
    expect(keysOf(pages)).toEqual(['notes/Café menu (1).txt', 'notes/a+b = c.csv', 'notes/plan.md', 'notes/report.pdf']);
    const plan = itemsOf(pages).find((i) => i.externalId === 'notes/plan.md')!;
    expect(plan).toMatchObject({
      title: 'plan.md',
      filepath: '/notes/plan.md',
      type: 'text',
      url: `${s3.endpoint}/docs/notes/plan.md`,
      body: { mediaType: 'text/markdown', filename: 'plan.md' },
      metadata: { bucket: 'docs', key: 'notes/plan.md', size: 17, mimeType: 'text/markdown' },
    });
    expect(plan.version).toMatch(/^[0-9a-f]{32}$/);
    expect(textOf(plan)).toBe('# Plan\n\nShip it.\n');
    // S3's generic type says nothing: the conversion layer goes by the name.
    expect(itemsOf(pages).find((i) => i.title === 'Café menu (1).txt')!.body).toMatchObject({ mediaType: null });
    expect(itemsOf(pages).find((i) => i.title === 'report.pdf')!.type).toBe('pdf');
    expect(s3.requests.every((r) => r.status < 300)).toBe(true);
    expect(s3.requests.find((r) => r.route === 'ListObjectsV2')!.query.get('prefix')).toBe('notes/');
    expect(s3.count('GetObject')).toBe(4);
  });

  it('takes only the given suffixes, in any case', async () => {
    s3.putObject('docs', 'a.MD', 'a');
    s3.putObject('docs', 'b.txt', 'b');
    s3.putObject('docs', 'c.pdf', 'c');
    expect(keysOf(await drain(connector().sync(request({ suffixes: ['.md', '.txt'] }))))).toEqual(['a.MD', 'b.txt']);
  });

  it('downloads again only what changed (a new ETag), leaves the rest unread, and deletes what is gone', async () => {
    s3.putObject('docs', 'a.md', 'first a');
    s3.putObject('docs', 'b.md', 'first b');
    s3.putObject('docs', 'c.md', 'first c');
    const first = await drain(connector().sync(request()));
    expect(keysOf(first)).toEqual(['a.md', 'b.md', 'c.md']);

    s3.putObject('docs', 'a.md', 'second a');
    s3.deleteObject('docs', 'b.md');
    s3.putObject('docs', 'd.md', 'new d');
    s3.resetRequests();
    const second = await drain(connector().sync(request({}, { cursor: lastCursor(first) })));
    expect(keysOf(second)).toEqual(['a.md', 'd.md']);
    expect(textOf(itemsOf(second).find((i) => i.externalId === 'a.md')!)).toBe('second a');
    expect(deletionsOf(second)).toEqual(['b.md']);
    expect(s3.requests.filter((r) => r.route === 'GetObject').map((r) => r.key)).toEqual(['a.md', 'd.md']);

    s3.resetRequests();
    const third = await drain(connector().sync(request({}, { cursor: lastCursor(second) })));
    expect([itemsOf(third), deletionsOf(third)]).toEqual([[], []]);
    expect(s3.count('GetObject')).toBe(0);
    expect(s3.count('ListObjectsV2')).toBe(1);
  });

  it('pages the listing (start-after the last key) and resumes from the cursor of any page', async () => {
    for (let i = 0; i < 45; i++) s3.putObject('docs', `n/${String(i).padStart(2, '0')}.md`, `note ${i}`);
    s3.pageSize = 10;
    const pages = await drain(connector().sync(request()));
    const all = keysOf(pages);
    expect(all).toHaveLength(45);
    const listings = s3.requests.filter((r) => r.route === 'ListObjectsV2');
    expect(listings).toHaveLength(5);
    expect(listings[0]!.query.get('max-keys')).toBe('1000');
    expect(listings[1]!.query.get('start-after')).toBe('n/09.md');
    for (const k of [0, 1]) {
      const rest = await drain(connector().sync(request({}, { cursor: pages[k]!.cursor })));
      expect([...new Set([...itemsOf(pages.slice(0, k + 1)), ...itemsOf(rest)].map((i) => i.externalId))].sort()).toEqual(all);
    }
  });

  it('counts only new objects against the documentLimit: edits and deletions of held ones always flow', async () => {
    for (const k of ['a.md', 'b.md', 'c.md', 'd.md']) s3.putObject('docs', k, `first ${k}`);
    const first = await drain(connector().sync(request({}, { maxItems: 2 })));
    expect(keysOf(first)).toEqual(['a.md', 'b.md']);
    const held = new Set(keysOf(first));

    // At the limit: an edit and a deletion of held objects are taken; the new ones wait, unread.
    s3.putObject('docs', 'a.md', 'second a');
    s3.deleteObject('docs', 'b.md');
    s3.resetRequests();
    const atLimit = await drain(connector().sync(request({}, { cursor: lastCursor(first), maxItems: 0, held })));
    expect(keysOf(atLimit)).toEqual(['a.md']);
    expect(deletionsOf(atLimit)).toEqual(['b.md']);
    expect(s3.requests.filter((r) => r.route === 'GetObject').map((r) => r.key)).toEqual(['a.md']);

    // With room again, the objects left out are taken.
    const later = await drain(connector().sync(request({}, { cursor: lastCursor(atLimit), maxItems: 5, held: new Set(['a.md']) })));
    expect(keysOf(later)).toEqual(['c.md', 'd.md']);
  });

  it('bounds objects by size (one that grows past it is deleted) and by maxObjects, and treats archived ones as gone', async () => {
    s3.putObject('docs', 'small.md', 'tiny');
    s3.putObject('docs', 'big.md', 'x'.repeat(200));
    s3.putObject('docs', 'cold.md', 'frozen', { storageClass: 'GLACIER' });
    s3.putObject('docs', 'empty.md', '');
    const first = await drain(connector().sync(request({ maxObjectBytes: 100 })));
    expect(keysOf(first)).toEqual(['small.md']);
    expect(s3.requests.filter((r) => r.route === 'GetObject').map((r) => r.key)).toEqual(['small.md']);

    s3.putObject('docs', 'small.md', 'y'.repeat(150));
    const grown = await drain(connector().sync(request({ maxObjectBytes: 100 }, { cursor: lastCursor(first) })));
    expect(deletionsOf(grown)).toEqual(['small.md']);

    expect(keysOf(await drain(connector().sync(request({ maxObjects: 1 }))))).toHaveLength(1);
  });

  it('skips and reports an object the key may not read, and reads it again next run', async () => {
    s3.putObject('docs', 'a.md', 'a');
    s3.putObject('docs', 'secret.md', 's');
    s3.failWith({ status: 403, code: 'AccessDenied', route: 'GetObject' });
    const pages = await drain(connector().sync(request()));
    expect(itemsOf(pages)).toHaveLength(1);
    expect(pages.flatMap((p) => p.skipped ?? [])).toEqual([{ externalId: 'a.md', reason: 'S3 answered AccessDenied' }]);
    const again = await drain(connector().sync(request({}, { cursor: lastCursor(pages) })));
    expect(keysOf(again)).toEqual(['a.md']);
  });

  it('signs with temporary credentials and their session token', async () => {
    const temporary = s3.addKey({ session: true });
    s3.putObject('docs', 'a.md', 'a');
    expect(keysOf(await drain(connector().sync(request({}, {}, temporary))))).toEqual(['a.md']);
    expect(s3.requests.every((r) => r.headers['x-amz-security-token'] === temporary.sessionToken)).toBe(true);
  });
});

describe('s3 failures', () => {
  it('refused credentials are auth_expired, without the keys in the message', async () => {
    s3.putObject('docs', 'a.md', 'a');
    const unknown = { accessKeyId: 'AKIAUNKNOWN000000000', secretAccessKey: 'x'.repeat(40) };
    const wrongSecret = { accessKeyId: key.accessKeyId, secretAccessKey: `${key.secretAccessKey}x` };
    const otherBucket = s3.addKey({ buckets: ['elsewhere'] });
    for (const [credentials, code] of [
      [unknown, 'InvalidAccessKeyId'],
      [wrongSecret, 'SignatureDoesNotMatch'],
      [otherBucket, 'AccessDenied'],
    ] as const) {
      const err = await connectorFailure(drain(connector().sync(request({}, {}, credentials))));
      expect(err.code).toBe('auth_expired');
      expect(err.message).toContain(code);
      for (const secret of Object.values(credentials)) expect(err.message).not.toContain(secret);
    }
    expect(s3.count('ListObjectsV2', 403)).toBe(3);
  });

  it('a missing bucket, a bucket in another region and a clock off by more than 15 minutes say what to fix', async () => {
    const missing = await connectorFailure(drain(connector().sync(request({ bucket: 'no-such-bucket' }))));
    expect(missing).toMatchObject({ code: 'internal', message: expect.stringMatching(/NoSuchBucket.*metadata\.bucket/) });

    s3.createBucket('far-away', { region: 'eu-west-1' });
    const region = await connectorFailure(drain(connector().sync(request({ bucket: 'far-away' }))));
    expect(region.message).toMatch(/region eu-west-1, not us-east-1: set metadata\.region/);
    expect(keysOf(await drain(connector().sync(request({ bucket: 'far-away', region: 'eu-west-1' }))))).toEqual([]);

    // The connector signs with the service's clock (here the system's); the fake's runs 20 minutes ahead.
    s3.clock.advance(20 * 60);
    try {
      const systemClock = connectorFor('s3', { fetch: { allowPrivate: true, maxBytes: 1e6, timeoutMs: 5000 }, retryBaseMs: 1 })!;
      const err = await connectorFailure(drain(systemClock.sync(request())));
      expect(err).toMatchObject({ code: 'internal', message: expect.stringMatching(/RequestTimeTooSkewed/) });
    } finally {
      s3.clock.advance(-20 * 60);
    }
  });

  it('waits out SlowDown, and ends the run as rate_limited when it goes on', async () => {
    s3.putObject('docs', 'a.md', 'a');
    s3.slowDown({ route: 'ListObjectsV2' });
    expect(keysOf(await drain(connector().sync(request())))).toEqual(['a.md']);
    expect(s3.count('ListObjectsV2', 503)).toBe(1);
    s3.slowDown({ route: 'GetObject', times: 3 });
    expect(await connectorFailure(drain(connector().sync(request())))).toMatchObject({ code: 'rate_limited', retryAfterMs: 60_000 });
  });

  it('retries server errors, then gives provider_unavailable', async () => {
    s3.failWith({ status: 500, code: 'InternalError', times: 4, route: 'ListObjectsV2' });
    expect((await connectorFailure(drain(connector().sync(request())))).code).toBe('provider_unavailable');
    expect(s3.count('ListObjectsV2', 500)).toBe(4);
  });

  it("is refused by the server's URL policy when the endpoint is a private address it does not allow", async () => {
    s3.putObject('docs', 'a.md', 'a');
    const err = await connectorFailure(drain(bucket({ allowPrivate: false }).sync(request())));
    expect(err.code).toBe('not_allowed');
    expect(s3.requests).toHaveLength(0);
    expect(keysOf(await drain(bucket({ allowPrivate: false, allowedAddresses: ['127.0.0.1'] }).sync(request())))).toEqual(['a.md']);
    // A cloud metadata address is refused even where private addresses are allowed, before anything is sent.
    const metadata = await connectorFailure(drain(bucket({ allowPrivate: true }).sync(request({ endpoint: 'http://169.254.169.254' }))));
    expect(metadata.code).toBe('not_allowed');
  });

  it('does not follow a redirect: a 301 says the bucket is elsewhere', async () => {
    s3.failWith({ status: 301, code: 'PermanentRedirect', route: 'ListObjectsV2' });
    const err = await connectorFailure(drain(connector().sync(request())));
    expect(err).toMatchObject({ code: 'internal', message: expect.stringMatching(/another region, not us-east-1/) });
    expect(s3.count('ListObjectsV2')).toBe(1);
  });
});
