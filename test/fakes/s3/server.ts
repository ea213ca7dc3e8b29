import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeClock } from '../fake-server.js';
import { ALGORITHM, expectedSignature, parseAmzDate, parseAuthorization, sameSignature, sha256Hex } from './sigv4.js';

export interface FakeS3Object {
  key: string;
  bytes: Buffer;
  /** Quoted, as S3 sends it: the MD5 of the content for a single-part upload. */
  etag: string;
  lastModifiedMs: number;
  contentType: string;
  storageClass: string;
}

export interface FakeS3Bucket {
  name: string;
  region: string;
  objects: Map<string, FakeS3Object>;
}

export interface FakeS3Key {
  accessKeyId: string;
  secretAccessKey: string;
  /** Temporary credentials: every request must carry this as X-Amz-Security-Token. */
  sessionToken?: string;
  /** The buckets it may list and read; null: all. */
  buckets: Set<string> | null;
}

export type S3Route = 'ListObjectsV2' | 'GetObject' | 'HeadObject';

export interface S3RequestRecord {
  method: string;
  /** The request target as sent. */
  rawUrl: string;
  bucket: string | null;
  key: string | null;
  query: URLSearchParams;
  route: S3Route | null;
  status: number;
  /** The S3 error code answered, if any. */
  code: string | null;
  headers: IncomingHttpHeaders;
  atMs: number;
}

interface Armed {
  times: number;
  route?: S3Route;
  status: number;
  code: string;
  message: string;
}

/** S3's bound of one listing page, and of the skew it allows a request's time. */
const MAX_KEYS = 1000;
const MAX_SKEW_MS = 15 * 60_000;

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
/** `encoding-type=url`: keys form-encoded (a space is `+`), as S3 writes them. */
const urlEncodeKey = (key: string) => encodeURIComponent(key).replace(/%20/g, '+').replace(/%2F/g, '/');
const isoMs = (ms: number) => new Date(ms).toISOString();
const compareKeys = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

class S3Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly message: string,
    readonly extra: Record<string, string> = {},
    readonly headers: Record<string, string> = {},
  ) {}
}

interface Reply {
  status: number;
  headers: Record<string, string>;
  body: Buffer | string;
}

/**
 * A local S3-compatible endpoint on 127.0.0.1, written from the Amazon S3 API reference: path-style
 * and virtual-hosted buckets, ListObjectsV2, GetObject (with Range and conditional headers),
 * HeadObject, S3's XML errors, and every request's Signature Version 4 verified (access key, session
 * token, credential scope, 15-minute skew, signed headers, payload hash).
 */
export class FakeS3 {
  readonly clock = new FakeClock();
  readonly buckets = new Map<string, FakeS3Bucket>();
  readonly keys = new Map<string, FakeS3Key>();
  readonly requests: S3RequestRecord[] = [];
  /** The most keys one listing page holds (S3 may answer fewer than max-keys); tests lower it to page small buckets. */
  pageSize = MAX_KEYS;
  private readonly armed: Armed[] = [];
  private readonly tokenSecret = randomBytes(16);
  private server?: Server;
  endpoint = '';

  static async start(): Promise<FakeS3> {
    const fake = new FakeS3();
    fake.server = createServer((req, res) => {
      fake.handle(req, res).catch((error) => {
        console.error('fake S3 failed on', req.method, req.url, error);
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
    });
    await new Promise<void>((resolve) => fake.server!.listen(0, '127.0.0.1', resolve));
    fake.endpoint = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    return fake;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  createBucket(name: string, options: { region?: string } = {}): FakeS3Bucket {
    const bucket: FakeS3Bucket = { name, region: options.region ?? 'us-east-1', objects: new Map() };
    this.buckets.set(name, bucket);
    return bucket;
  }

  /** Writes an object: a new ETag (the MD5 of the bytes) and Last-Modified (the clock, to the second). */
  putObject(bucket: string, key: string, body: string | Buffer, options: { contentType?: string; storageClass?: string } = {}): FakeS3Object {
    const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body);
    const object: FakeS3Object = {
      key,
      bytes,
      etag: `"${createHash('md5').update(bytes).digest('hex')}"`,
      lastModifiedMs: Math.floor(this.clock.nowMs() / 1000) * 1000,
      contentType: options.contentType ?? 'binary/octet-stream',
      storageClass: options.storageClass ?? 'STANDARD',
    };
    this.bucketNamed(bucket).objects.set(key, object);
    return object;
  }

  deleteObject(bucket: string, key: string): void {
    this.bucketNamed(bucket).objects.delete(key);
  }

  /** A new access key pair (temporary, with a session token, when `session`), allowed the given buckets (all by default). */
  addKey(options: { buckets?: string[]; session?: boolean } = {}): { accessKeyId: string; secretAccessKey: string; sessionToken?: string } {
    const key: FakeS3Key = {
      accessKeyId: `${options.session ? 'ASIA' : 'AKIA'}${randomBytes(8).toString('hex').toUpperCase()}`,
      secretAccessKey: randomBytes(30).toString('base64'),
      ...(options.session && { sessionToken: `IQoJb3JpZ2luX2Vj${randomBytes(48).toString('base64')}` }),
      buckets: options.buckets ? new Set(options.buckets) : null,
    };
    this.keys.set(key.accessKeyId, key);
    return { accessKeyId: key.accessKeyId, secretAccessKey: key.secretAccessKey, ...(key.sessionToken && { sessionToken: key.sessionToken }) };
  }

  /** The next `times` requests (of `route`, or any) answer this S3 error once their signature checks out. */
  failWith(options: { status: number; code: string; message?: string; times?: number; route?: S3Route }): void {
    this.armed.push({ times: options.times ?? 1, route: options.route, status: options.status, code: options.code, message: options.message ?? options.code });
  }

  /** 503 SlowDown, S3's request-rate refusal. */
  slowDown(options: { times?: number; route?: S3Route } = {}): void {
    this.failWith({ ...options, status: 503, code: 'SlowDown', message: 'Please reduce your request rate.' });
  }

  count(route: S3Route, status?: number): number {
    return this.requests.filter((r) => r.route === route && (status === undefined || r.status === status)).length;
  }

  resetRequests(): void {
    this.requests.length = 0;
  }

  private bucketNamed(name: string): FakeS3Bucket {
    const bucket = this.buckets.get(name);
    if (!bucket) throw new Error(`no bucket ${name}`);
    return bucket;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const atMs = this.clock.nowMs();
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const rawUrl = req.url ?? '/';
    const method = req.method ?? 'GET';
    const q = rawUrl.indexOf('?');
    const query = new URLSearchParams(q < 0 ? '' : rawUrl.slice(q + 1));
    const { bucket, key } = this.target(req, q < 0 ? rawUrl : rawUrl.slice(0, q));
    const route: S3Route | null =
      bucket === null
        ? null
        : key === null
          ? method === 'GET' && query.get('list-type') === '2'
            ? 'ListObjectsV2'
            : null
          : method === 'GET'
            ? 'GetObject'
            : method === 'HEAD'
              ? 'HeadObject'
              : null;
    const requestId = randomBytes(8).toString('hex').toUpperCase();
    let reply: Reply;
    let code: string | null = null;
    try {
      reply = this.answer(method, { rawUrl, headers: req.headers, body }, bucket, key, query, route);
    } catch (err) {
      if (!(err instanceof S3Error)) throw err;
      code = err.code;
      reply = this.errorReply(err, method === 'HEAD', requestId, { bucket, key });
    }
    this.requests.push({ method, rawUrl, bucket, key, query, route, status: reply.status, code, headers: req.headers, atMs });
    res.writeHead(reply.status, {
      date: this.clock.now().toUTCString(),
      server: 'AmazonS3',
      'x-amz-request-id': requestId,
      'x-amz-id-2': randomBytes(24).toString('base64'),
      ...reply.headers,
    });
    res.end(method === 'HEAD' ? undefined : reply.body);
  }

  /** The bucket and key a request names: virtual-hosted (`bucket.host`) or path style (`/bucket/key`). */
  private target(req: IncomingMessage, rawPath: string): { bucket: string | null; key: string | null } {
    const host = String(req.headers.host ?? '').replace(/:\d+$/, '');
    const decoded = rawPath.split('/').map((s) => decodeURIComponent(s));
    if (host !== '127.0.0.1' && host !== 'localhost' && host.includes('.')) {
      const key = decoded.slice(1).join('/');
      return { bucket: host.split('.')[0]!, key: key === '' ? null : key };
    }
    const bucket = decoded[1] || null;
    const key = decoded.length > 2 ? decoded.slice(2).join('/') : null;
    return { bucket, key: key === '' ? null : key };
  }

  private answer(
    method: string,
    req: { rawUrl: string; headers: IncomingHttpHeaders; body: Buffer },
    bucketName: string | null,
    key: string | null,
    query: URLSearchParams,
    route: S3Route | null,
  ): Reply {
    const credentials = this.authenticate(method, req);
    if (bucketName === null) throw new S3Error(501, 'NotImplemented', 'ListBuckets is not implemented by this endpoint');
    const bucket = this.buckets.get(bucketName);
    if (!bucket) throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist', { BucketName: bucketName });
    if (credentials.region !== bucket.region) {
      throw new S3Error(
        400,
        'AuthorizationHeaderMalformed',
        `The authorization header is malformed; the region '${credentials.region}' is wrong; expecting '${bucket.region}'`,
        { Region: bucket.region },
        { 'x-amz-bucket-region': bucket.region },
      );
    }
    if (credentials.key.buckets && !credentials.key.buckets.has(bucket.name)) throw new S3Error(403, 'AccessDenied', 'Access Denied');
    const armed = this.armed.findIndex((a) => a.route === undefined || a.route === route);
    if (armed >= 0) {
      const a = this.armed[armed]!;
      if (--a.times <= 0) this.armed.splice(armed, 1);
      throw new S3Error(a.status, a.code, a.message);
    }
    if (route === 'ListObjectsV2') return this.list(bucket, query);
    if (route === 'GetObject' || route === 'HeadObject') return this.getObject(bucket, key!, req.headers, route === 'HeadObject');
    if (key === null && method === 'GET' && !query.has('list-type')) throw new S3Error(501, 'NotImplemented', 'This endpoint lists with list-type=2 only');
    throw new S3Error(501, 'NotImplemented', 'A header or query you provided implies functionality that is not implemented');
  }

  /** Signature Version 4 in the Authorization header, checked in the order S3 reports its errors. */
  private authenticate(method: string, req: { rawUrl: string; headers: IncomingHttpHeaders; body: Buffer }): { key: FakeS3Key; region: string } {
    const header = req.headers.authorization;
    if (!header) throw new S3Error(403, 'AccessDenied', 'Anonymous access is not allowed');
    const auth = parseAuthorization(header);
    if (!auth) throw new S3Error(400, 'AuthorizationHeaderMalformed', `The authorization header is malformed; it must use ${ALGORITHM}`);
    const key = this.keys.get(auth.accessKeyId);
    if (!key)
      throw new S3Error(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.', { AWSAccessKeyId: auth.accessKeyId });
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    const at = parseAmzDate(amzDate);
    if (!at) throw new S3Error(403, 'AccessDenied', 'AWS authentication requires a valid Date or x-amz-date header');
    if (auth.service !== 's3' || auth.terminal !== 'aws4_request' || auth.date !== amzDate.slice(0, 8)) {
      throw new S3Error(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed; the Credential is mal-formed');
    }
    const now = this.clock.nowMs();
    if (Math.abs(at.getTime() - now) > MAX_SKEW_MS) {
      throw new S3Error(403, 'RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.', {
        RequestTime: amzDate,
        ServerTime: new Date(now).toISOString(),
        MaxAllowedSkewMilliseconds: String(MAX_SKEW_MS),
      });
    }
    const payload = req.headers['x-amz-content-sha256'];
    if (typeof payload !== 'string') throw new S3Error(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
    const signed = new Set(auth.signedHeaders);
    const sorted = [...auth.signedHeaders].sort();
    if (!signed.has('host') || auth.signedHeaders.some((h, i) => h !== sorted[i] || h !== h.toLowerCase())) {
      throw new S3Error(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
    }
    const unsigned = Object.keys(req.headers).filter((h) => h.startsWith('x-amz-') && !signed.has(h));
    if (unsigned.length > 0) throw new S3Error(403, 'AccessDenied', `There were headers present in the request which were not signed: ${unsigned.join(', ')}`);
    const expected = expectedSignature({ method, rawUrl: req.rawUrl, headers: req.headers }, auth, amzDate, key.secretAccessKey);
    if (expected === null || !sameSignature(expected, auth.signature)) {
      throw new S3Error(
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
        {
          AWSAccessKeyId: auth.accessKeyId,
        },
      );
    }
    if (key.sessionToken !== undefined) {
      const token = req.headers['x-amz-security-token'];
      if (token === undefined) throw new S3Error(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
      if (token !== key.sessionToken) throw new S3Error(400, 'InvalidToken', 'The provided token is malformed or otherwise invalid.');
    }
    if (payload !== 'UNSIGNED-PAYLOAD' && !payload.startsWith('STREAMING-') && payload !== sha256Hex(req.body)) {
      throw new S3Error(400, 'XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed.");
    }
    return { key, region: auth.region };
  }

  private list(bucket: FakeS3Bucket, query: URLSearchParams): Reply {
    const maxKeysRaw = query.get('max-keys');
    if (maxKeysRaw !== null && !/^\d+$/.test(maxKeysRaw)) throw new S3Error(400, 'InvalidArgument', 'Provided max-keys not an integer or within integer range');
    const maxKeys = Math.min(maxKeysRaw === null ? MAX_KEYS : Number(maxKeysRaw), MAX_KEYS);
    const encoding = query.get('encoding-type');
    if (encoding !== null && encoding !== 'url') throw new S3Error(400, 'InvalidArgument', 'Invalid Encoding Method specified in Request');
    const prefix = query.get('prefix') ?? '';
    const delimiter = query.get('delimiter') ?? '';
    const token = query.get('continuation-token');
    const startAfter = query.get('start-after');
    let after: string | null = startAfter;
    if (token !== null) {
      after = this.readToken(token, bucket.name);
      if (after === null) throw new S3Error(400, 'InvalidArgument', 'The continuation token provided is incorrect');
    }
    const keys = [...bucket.objects.keys()].filter((k) => k.startsWith(prefix) && (after === null || compareKeys(k, after) > 0)).sort(compareKeys);
    const contents: FakeS3Object[] = [];
    const prefixes: string[] = [];
    let last: string | null = null;
    let truncated = false;
    const limit = Math.min(maxKeys, this.pageSize);
    for (const k of keys) {
      const rest = k.slice(prefix.length);
      const cut = delimiter ? rest.indexOf(delimiter) : -1;
      const common = cut >= 0 ? prefix + rest.slice(0, cut + delimiter.length) : null;
      if (common !== null && prefixes.at(-1) === common) {
        last = k;
        continue;
      }
      if (contents.length + prefixes.length >= limit) {
        truncated = true;
        break;
      }
      if (common !== null) prefixes.push(common);
      else contents.push(bucket.objects.get(k)!);
      last = k;
    }
    const enc = (s: string) => xmlEscape(encoding === 'url' ? urlEncodeKey(s) : s);
    const parts = [
      `<Name>${xmlEscape(bucket.name)}</Name>`,
      `<Prefix>${enc(prefix)}</Prefix>`,
      ...(delimiter ? [`<Delimiter>${enc(delimiter)}</Delimiter>`] : []),
      `<KeyCount>${contents.length + prefixes.length}</KeyCount>`,
      `<MaxKeys>${maxKeys}</MaxKeys>`,
      ...(encoding ? [`<EncodingType>${encoding}</EncodingType>`] : []),
      `<IsTruncated>${truncated}</IsTruncated>`,
      ...(token !== null ? [`<ContinuationToken>${xmlEscape(token)}</ContinuationToken>`] : []),
      ...(truncated && last !== null ? [`<NextContinuationToken>${xmlEscape(this.writeToken(last, bucket.name))}</NextContinuationToken>`] : []),
      ...(startAfter !== null ? [`<StartAfter>${enc(startAfter)}</StartAfter>`] : []),
      ...contents.map(
        (o) =>
          `<Contents><Key>${enc(o.key)}</Key><LastModified>${isoMs(o.lastModifiedMs)}</LastModified><ETag>${xmlEscape(o.etag)}</ETag>` +
          `<Size>${o.bytes.length}</Size><StorageClass>${o.storageClass}</StorageClass></Contents>`,
      ),
      ...prefixes.map((p) => `<CommonPrefixes><Prefix>${enc(p)}</Prefix></CommonPrefixes>`),
    ];
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${parts.join('')}</ListBucketResult>`;
    return { status: 200, headers: { 'content-type': 'application/xml' }, body: xml };
  }

  private getObject(bucket: FakeS3Bucket, key: string, headers: IncomingHttpHeaders, head: boolean): Reply {
    const object = bucket.objects.get(key);
    if (!object) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.', { Key: key });
    if (!head && (object.storageClass === 'GLACIER' || object.storageClass === 'DEEP_ARCHIVE')) {
      throw new S3Error(403, 'InvalidObjectState', "The operation is not valid for the object's storage class", { StorageClass: object.storageClass });
    }
    const meta = {
      etag: object.etag,
      'last-modified': new Date(object.lastModifiedMs).toUTCString(),
      'accept-ranges': 'bytes',
      'content-type': object.contentType,
      'x-amz-storage-class': object.storageClass,
    };
    const ifMatch = headers['if-match'];
    if (ifMatch !== undefined && ifMatch !== object.etag && ifMatch !== '*')
      throw new S3Error(412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold');
    const ifNoneMatch = headers['if-none-match'];
    if (ifNoneMatch !== undefined && (ifNoneMatch === object.etag || ifNoneMatch === '*'))
      return { status: 304, headers: { etag: object.etag, 'last-modified': meta['last-modified'] }, body: '' };
    const range = headers.range;
    if (range !== undefined) {
      const size = object.bytes.length;
      const m = /^bytes=(\d*)-(\d*)$/.exec(range);
      if (m && (m[1] || m[2])) {
        let start = m[1] ? Number(m[1]) : Math.max(0, size - Number(m[2]));
        let end = m[1] ? (m[2] ? Math.min(Number(m[2]), size - 1) : size - 1) : size - 1;
        if (!m[1] && Number(m[2]) === 0) start = size;
        if (start >= size || start > end) {
          throw new S3Error(
            416,
            'InvalidRange',
            'The requested range is not satisfiable',
            { RangeRequested: range, ActualObjectSize: String(size) },
            { 'content-range': `bytes */${size}` },
          );
        }
        end = Math.max(end, start);
        const part = object.bytes.subarray(start, end + 1);
        return { status: 206, headers: { ...meta, 'content-length': String(part.length), 'content-range': `bytes ${start}-${end}/${size}` }, body: part };
      }
      // S3 ignores a Range it cannot parse and answers the whole object.
    }
    return { status: 200, headers: { ...meta, 'content-length': String(object.bytes.length) }, body: object.bytes };
  }

  private errorReply(err: S3Error, head: boolean, requestId: string, target: { bucket: string | null; key: string | null }): Reply {
    const extra = Object.entries(err.extra)
      .map(([name, value]) => `<${name}>${xmlEscape(value)}</${name}>`)
      .join('');
    const resource = target.bucket ? `/${target.bucket}${target.key ? `/${target.key}` : ''}` : '/';
    const xml =
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${err.code}</Code><Message>${xmlEscape(err.message)}</Message>${extra}` +
      `<Resource>${xmlEscape(resource)}</Resource><RequestId>${requestId}</RequestId><HostId>${randomBytes(24).toString('base64')}</HostId></Error>`;
    // A HEAD answer has no body: S3 gives the status alone.
    return { status: err.status, headers: head ? { ...err.headers } : { ...err.headers, 'content-type': 'application/xml' }, body: head ? '' : xml };
  }

  /** An opaque continuation token: the last key of the page, bound to the bucket and signed so it cannot be forged. */
  private writeToken(lastKey: string, bucket: string): string {
    const payload = Buffer.from(JSON.stringify([bucket, lastKey])).toString('base64url');
    return `${payload}.${createHmac('sha256', this.tokenSecret).update(payload).digest('base64url')}`;
  }

  private readToken(token: string, bucket: string): string | null {
    const [payload, mac] = token.split('.');
    if (!payload || !mac || createHmac('sha256', this.tokenSecret).update(payload).digest('base64url') !== mac) return null;
    try {
      const [b, key] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as [string, string];
      return b === bucket && typeof key === 'string' ? key : null;
    } catch {
      return null;
    }
  }
}
