import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, paginateListObjectsV2, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeS3 } from './s3/index.js';
import { EMPTY_SHA256, expectedSignature, parseAuthorization } from './s3/sigv4.js';

let s3: FakeS3;
let key: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };

function client(credentials = key, options: { region?: string; systemClockOffset?: number } = {}): S3Client {
  return new S3Client({
    endpoint: s3.endpoint,
    region: options.region ?? 'us-east-1',
    forcePathStyle: true,
    credentials,
    maxAttempts: 1,
    ...(options.systemClockOffset !== undefined && { systemClockOffset: options.systemClockOffset }),
  });
}

/** The error the official client throws, as it reads S3's XML error body. */
async function failure(promise: Promise<unknown>): Promise<S3ServiceException> {
  const err = await promise.then(
    () => new Error('expected an S3 error'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(S3ServiceException);
  return err as S3ServiceException;
}

beforeAll(async () => {
  s3 = await FakeS3.start();
  key = s3.addKey();
});
afterAll(() => s3.close());
beforeEach(() => {
  s3.buckets.clear();
  s3.resetRequests();
  s3.pageSize = 1000;
});

describe('Signature Version 4 in the fake', () => {
  it("computes AWS's published example signatures (GET Object with a Range, and a listing)", () => {
    const secret = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
    const get = parseAuthorization(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    )!;
    const headers = { host: 'examplebucket.s3.amazonaws.com', range: 'bytes=0-9', 'x-amz-content-sha256': EMPTY_SHA256, 'x-amz-date': '20130524T000000Z' };
    expect(expectedSignature({ method: 'GET', rawUrl: '/test.txt', headers }, get, '20130524T000000Z', secret)).toBe(get.signature);

    const list = parseAuthorization(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7',
    )!;
    const listHeaders = { host: 'examplebucket.s3.amazonaws.com', 'x-amz-content-sha256': EMPTY_SHA256, 'x-amz-date': '20130524T000000Z' };
    expect(expectedSignature({ method: 'GET', rawUrl: '/?max-keys=2&prefix=J', headers: listHeaders }, list, '20130524T000000Z', secret)).toBe(list.signature);
  });

  it('agrees with the signing library the connector uses, for keys that need escaping', async () => {
    const signer = new SignatureV4({ service: 's3', region: 'eu-west-1', credentials: key, sha256: Sha256, uriEscapePath: false });
    const path = '/bucket/notes/Caf%C3%A9%20menu%20%281%29.md';
    const signed = await signer.sign(
      {
        method: 'GET',
        protocol: 'http:',
        hostname: '127.0.0.1',
        port: 9000,
        path,
        query: { 'start-after': 'a b+c', 'list-type': '2' },
        headers: { host: '127.0.0.1:9000' },
      },
      { signingDate: new Date('2026-01-02T03:04:05Z') },
    );
    const auth = parseAuthorization(signed.headers.authorization!)!;
    const rawUrl = `${path}?list-type=2&start-after=a%20b%2Bc`;
    expect(expectedSignature({ method: 'GET', rawUrl, headers: signed.headers }, auth, signed.headers['x-amz-date']!, key.secretAccessKey)).toBe(
      auth.signature,
    );
  });
});

describe('FakeS3 with the official AWS SDK client', () => {
  it('lists with continuation tokens, max-keys, prefix and start-after', async () => {
    s3.createBucket('docs');
    for (let i = 0; i < 7; i++) s3.putObject('docs', `notes/n${i}.md`, `note ${i}`);
    s3.putObject('docs', 'other/x.txt', 'x');
    const first = await client().send(new ListObjectsV2Command({ Bucket: 'docs', Prefix: 'notes/', MaxKeys: 3 }));
    expect(first).toMatchObject({ IsTruncated: true, KeyCount: 3, MaxKeys: 3, Prefix: 'notes/' });
    expect(first.Contents!.map((o) => o.Key)).toEqual(['notes/n0.md', 'notes/n1.md', 'notes/n2.md']);
    expect(first.Contents![0]).toMatchObject({ Size: 6, StorageClass: 'STANDARD', ETag: expect.stringMatching(/^"[0-9a-f]{32}"$/) });
    expect(first.Contents![0]!.LastModified).toBeInstanceOf(Date);

    const keys: string[] = [];
    s3.resetRequests();
    for await (const page of paginateListObjectsV2({ client: client(), pageSize: 3 }, { Bucket: 'docs', Prefix: 'notes/' })) {
      keys.push(...(page.Contents ?? []).map((o) => o.Key!));
    }
    expect(keys).toEqual(Array.from({ length: 7 }, (_, i) => `notes/n${i}.md`));
    const tokens = s3.requests.filter((r) => r.route === 'ListObjectsV2').map((r) => r.query.get('continuation-token'));
    expect(tokens.slice(1).every((t) => t !== null && t.length > 0)).toBe(true);

    const after = await client().send(new ListObjectsV2Command({ Bucket: 'docs', StartAfter: 'notes/n4.md' }));
    expect(after.Contents!.map((o) => o.Key)).toEqual(['notes/n5.md', 'notes/n6.md', 'other/x.txt']);
    expect(after).toMatchObject({ StartAfter: 'notes/n4.md', IsTruncated: false });

    const folders = await client().send(new ListObjectsV2Command({ Bucket: 'docs', Delimiter: '/' }));
    expect(folders.CommonPrefixes!.map((p) => p.Prefix)).toEqual(['notes/', 'other/']);

    // The server may give fewer than max-keys; the client follows the token all the same.
    s3.pageSize = 2;
    const all = await client().send(new ListObjectsV2Command({ Bucket: 'docs', MaxKeys: 1000 }));
    expect(all).toMatchObject({ KeyCount: 2, IsTruncated: true, MaxKeys: 1000 });
  });

  it('refuses a forged continuation token', async () => {
    s3.createBucket('docs');
    const err = await failure(client().send(new ListObjectsV2Command({ Bucket: 'docs', ContinuationToken: 'bm90LWEtdG9rZW4.abc' })));
    expect(err).toMatchObject({ name: 'InvalidArgument', $metadata: { httpStatusCode: 400 } });
  });

  it('gets an object with its ETag, Last-Modified, length and type, a range of it, and its head', async () => {
    s3.createBucket('docs');
    const stored = s3.putObject('docs', 'Reports/Q1 summary (draft).md', '# Q1\n\nRevenue is up.\n', { contentType: 'text/markdown' });
    const got = await client().send(new GetObjectCommand({ Bucket: 'docs', Key: 'Reports/Q1 summary (draft).md' }));
    expect(await got.Body!.transformToString()).toBe('# Q1\n\nRevenue is up.\n');
    expect(got).toMatchObject({ ETag: stored.etag, ContentLength: 21, ContentType: 'text/markdown' });
    expect(got.LastModified!.getTime()).toBe(stored.lastModifiedMs);

    const part = await client().send(new GetObjectCommand({ Bucket: 'docs', Key: 'Reports/Q1 summary (draft).md', Range: 'bytes=0-3' }));
    expect(await part.Body!.transformToString()).toBe('# Q1');
    expect(part).toMatchObject({ ContentRange: 'bytes 0-3/21', ContentLength: 4 });

    const head = await client().send(new HeadObjectCommand({ Bucket: 'docs', Key: 'Reports/Q1 summary (draft).md' }));
    expect(head).toMatchObject({ ETag: stored.etag, ContentLength: 21 });
    expect(s3.count('GetObject', 200)).toBe(1);
    expect(s3.count('GetObject', 206)).toBe(1);
    expect(s3.count('HeadObject', 200)).toBe(1);
  });

  it('answers S3 errors the client reads: NoSuchKey, NoSuchBucket, InvalidRange, a wrong region, AccessDenied, SlowDown', async () => {
    s3.createBucket('docs');
    s3.createBucket('elsewhere', { region: 'eu-west-1' });
    s3.putObject('docs', 'a.md', 'a');
    expect(await failure(client().send(new GetObjectCommand({ Bucket: 'docs', Key: 'gone.md' })))).toMatchObject({
      name: 'NoSuchKey',
      $metadata: { httpStatusCode: 404 },
    });
    expect(await failure(client().send(new ListObjectsV2Command({ Bucket: 'missing' })))).toMatchObject({
      name: 'NoSuchBucket',
      $metadata: { httpStatusCode: 404 },
    });
    expect(await failure(client().send(new GetObjectCommand({ Bucket: 'docs', Key: 'a.md', Range: 'bytes=5-9' })))).toMatchObject({ name: 'InvalidRange' });
    expect(await failure(client().send(new ListObjectsV2Command({ Bucket: 'elsewhere' })))).toMatchObject({
      name: 'AuthorizationHeaderMalformed',
      $metadata: { httpStatusCode: 400 },
    });
    expect((await client(key, { region: 'eu-west-1' }).send(new ListObjectsV2Command({ Bucket: 'elsewhere' }))).KeyCount).toBe(0);
    const narrow = s3.addKey({ buckets: ['elsewhere'] });
    expect(await failure(client(narrow).send(new ListObjectsV2Command({ Bucket: 'docs' })))).toMatchObject({
      name: 'AccessDenied',
      $metadata: { httpStatusCode: 403 },
    });
    // HEAD errors have no body: the client names them by status.
    expect(await failure(client().send(new HeadObjectCommand({ Bucket: 'docs', Key: 'gone.md' })))).toMatchObject({ $metadata: { httpStatusCode: 404 } });
    s3.slowDown({ route: 'ListObjectsV2' });
    expect(await failure(client().send(new ListObjectsV2Command({ Bucket: 'docs' })))).toMatchObject({ name: 'SlowDown', $metadata: { httpStatusCode: 503 } });
  });

  it('verifies every signature: an unknown key, a wrong secret, a stale request and a temporary key without its token are refused', async () => {
    s3.createBucket('docs');
    const list = (c: S3Client) => c.send(new ListObjectsV2Command({ Bucket: 'docs' }));
    expect(await failure(list(client({ accessKeyId: 'AKIAUNKNOWNKEY000000', secretAccessKey: 'x'.repeat(40) })))).toMatchObject({
      name: 'InvalidAccessKeyId',
      $metadata: { httpStatusCode: 403 },
    });
    expect(await failure(list(client({ ...key, secretAccessKey: `${key.secretAccessKey}x` })))).toMatchObject({
      name: 'SignatureDoesNotMatch',
      $metadata: { httpStatusCode: 403 },
    });
    expect(await failure(list(client(key, { systemClockOffset: -16 * 60_000 })))).toMatchObject({
      name: 'RequestTimeTooSkewed',
      $metadata: { httpStatusCode: 403 },
    });
    expect((await list(client(key, { systemClockOffset: -14 * 60_000 }))).KeyCount).toBe(0);

    const temporary = s3.addKey({ session: true });
    expect((await list(client(temporary))).KeyCount).toBe(0);
    expect(s3.requests.at(-1)!.headers['x-amz-security-token']).toBe(temporary.sessionToken);
    const { sessionToken: _token, ...withoutToken } = temporary;
    expect(await failure(list(client(withoutToken)))).toMatchObject({ name: 'InvalidAccessKeyId' });
    expect(await failure(list(client({ ...temporary, sessionToken: 'not-the-token' })))).toMatchObject({
      name: 'InvalidToken',
      $metadata: { httpStatusCode: 400 },
    });
  });

  it('refuses a request whose signed parts were changed on the way', async () => {
    s3.createBucket('docs');
    s3.putObject('docs', 'a.md', 'a');
    s3.putObject('docs', 'b.md', 'b');
    const c = client();
    // Changing the key after signing: the signature no longer matches the request.
    c.middlewareStack.add(
      (next) => async (args: any) => {
        args.request.path = args.request.path.replace('a.md', 'b.md');
        return next(args);
      },
      { step: 'finalizeRequest', priority: 'low', name: 'tamper' },
    );
    expect(await failure(c.send(new GetObjectCommand({ Bucket: 'docs', Key: 'a.md' })))).toMatchObject({ name: 'SignatureDoesNotMatch' });
    expect(s3.count('GetObject', 403)).toBe(1);
  });
});
