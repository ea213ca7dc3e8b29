import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import { decodeText } from '../../convert/decode.js';
import { FetchError, guardedFetch, type GuardedFetch } from '../../convert/fetch-url.js';
import { ConversionError } from '../../convert/types.js';
import { allText, child, find, findAll, parseXml, type XmlNode } from '../../convert/xml.js';
import { ProviderHttp, type ProviderAnswer, type ProviderSettings } from '../provider-http.js';
import { ConnectorError } from '../types.js';
import type { S3Credentials, S3Settings } from './config.js';

export const PROVIDER = 'the S3 bucket';

/** S3's own bound on one page of ListObjectsV2. */
export const MAX_KEYS = 1000;
/** A page of 1000 keys of up to 1024 bytes each, URL-encoded in XML, fits. */
const LIST_MAX_BYTES = 8 * 1024 * 1024;
const MAX_XML_DEPTH = 16;

export interface S3Options {
  http: ProviderSettings;
  /** The address policy every connection to the endpoint is vetted by (the crawler's). */
  policy: { allowPrivate: boolean; allowedAddresses?: readonly string[] };
}

/** One entry of a listing. */
export interface S3Object {
  key: string;
  etag: string;
  size: number;
  lastModified: string;
  storageClass: string;
}

export interface S3Download {
  bytes: Uint8Array;
  contentType: string | null;
  etag: string;
  lastModified: string | null;
}

/** AWS's endpoint of a region. */
export function awsEndpoint(region: string): string {
  return `https://s3.${region}.amazonaws.com`;
}

/** RFC 3986 escaping, as SigV4 canonicalizes: everything but unreserved characters. */
export function escapeUri(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * Whether a key can be asked for by URL: a `.` or `..` segment would be resolved away by the URL
 * parser before it is sent, so the request would name another object.
 */
export function addressableKey(key: string): boolean {
  return !key.split('/').some((segment) => segment === '.' || segment === '..');
}

/** Where an object (or, without a key, the bucket) is: path style or virtual-hosted. */
export function bucketUrl(settings: S3Settings, key?: string): URL {
  const base = new URL(settings.endpoint ?? awsEndpoint(settings.region));
  const root = base.pathname.replace(/\/+$/, '');
  const keyPath = key === undefined ? '' : `/${key.split('/').map(escapeUri).join('/')}`;
  if (usesPathStyle(settings)) {
    base.pathname = `${root}/${settings.bucket}${keyPath}`;
  } else {
    base.hostname = `${settings.bucket}.${base.hostname}`;
    base.pathname = `${root}${keyPath || '/'}`;
  }
  return base;
}

/**
 * Path style when asked for, and for bucket names with dots over https (a virtual host
 * `a.b.s3.amazonaws.com` is not covered by the endpoint's wildcard certificate).
 */
export function usesPathStyle(settings: S3Settings): boolean {
  if (settings.forcePathStyle) return true;
  const endpoint = settings.endpoint ?? awsEndpoint(settings.region);
  return settings.bucket.includes('.') && endpoint.startsWith('https:');
}

const AUTH_CODES = new Set([
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'ExpiredToken',
  'InvalidToken',
  'TokenRefreshRequired',
  'AccountProblem',
  'AllAccessDisabled',
  'InvalidSecurity',
]);

/** The `<Code>` (and `<Region>`, when S3 names the bucket's region) of an S3 XML error body. */
export function errorOf(bytes: Uint8Array): { code: string | null; region: string | null } {
  try {
    const nodes = parseXml(decodeText(bytes), MAX_XML_DEPTH, 'S3 error');
    const error = find(nodes, 'Error');
    const text = (name: string) => {
      const node = error && child(error, name);
      return node ? allText(node).trim() : null;
    };
    return { code: text('Code'), region: text('Region') };
  } catch {
    return { code: null, region: null };
  }
}

/**
 * What an S3 error answer means for the run: refused credentials → `auth_expired` (the connection
 * needs new keys), SlowDown → a rate limit, a missing bucket or a wrong region → a failure saying
 * which setting to fix. null: by the status (5xx retried, the rest `internal`).
 */
export function s3Failure(answer: Pick<ProviderAnswer, 'status' | 'headers' | 'bytes'>, settings: S3Settings): Error | 'rate_limited' | null {
  const { code, region } = errorOf(answer.bytes);
  const where = answer.headers.get('x-amz-bucket-region') ?? region;
  if (code && AUTH_CODES.has(code)) {
    return new ConnectorError('auth_expired', `${PROVIDER} refused the credentials (${code}): give the connection a valid access key`);
  }
  if (code === 'AccessDenied') {
    return new ConnectorError('auth_expired', `${PROVIDER} refused access (AccessDenied): the access key needs s3:ListBucket and s3:GetObject on the bucket`);
  }
  if (code === 'SlowDown' || answer.status === 429) return 'rate_limited';
  if (code === 'NoSuchBucket') return new ConnectorError('internal', `${PROVIDER} does not exist at the endpoint (NoSuchBucket): check metadata.bucket`);
  if (code === 'RequestTimeTooSkewed') {
    return new ConnectorError('internal', `${PROVIDER} refused the request's time (RequestTimeTooSkewed): this server's clock is more than 15 minutes off`);
  }
  if (code === 'AuthorizationHeaderMalformed' || code === 'PermanentRedirect' || code === 'IllegalLocationConstraintException') {
    return regionError(where, settings);
  }
  return null;
}

function regionError(region: string | null, settings: S3Settings): ConnectorError {
  const named = region && /^[a-z0-9-]{1,64}$/.test(region) ? `region ${region}` : 'another region';
  return new ConnectorError('internal', `${PROVIDER} is in ${named}, not ${settings.region}: set metadata.region (or metadata.endpoint)`);
}

/**
 * One bucket through S3's REST API (ListObjectsV2, GetObject), every request signed with
 * Signature Version 4 and sent through ProviderHttp, to connections the address policy vetted.
 */
export class S3Client {
  private readonly http: ProviderHttp;
  private readonly signer: SignatureV4;
  private readonly fetcher: GuardedFetch;

  constructor(
    private readonly options: S3Options,
    private readonly settings: S3Settings,
    credentials: S3Credentials,
    signal: AbortSignal,
  ) {
    this.fetcher = guardedFetch(options.policy);
    const fetcher = this.fetcher;
    this.http = new ProviderHttp(
      {
        ...options.http,
        provider: PROVIDER,
        classify: (answer) => s3Failure(answer, settings),
        fetch: async (url, init) => {
          try {
            return await fetcher(url, init);
          } catch (err) {
            if (err instanceof FetchError && err.refused) {
              throw new ConnectorError('not_allowed', `${PROVIDER}'s endpoint is not allowed by this server's URL policy`, undefined, { cause: err });
            }
            throw err;
          }
        },
      },
      signal,
    );
    this.signer = new SignatureV4({
      service: 's3',
      region: settings.region,
      credentials: { ...credentials },
      sha256: Sha256,
      // S3 signs the path as it is sent, escaped once.
      uriEscapePath: false,
    });
  }

  /** One page of the bucket's keys under the prefix, after `startAfter` (null: from the first). */
  async list(startAfter: string | null): Promise<{ objects: S3Object[]; truncated: boolean }> {
    const query: Record<string, string> = { 'list-type': '2', 'max-keys': String(MAX_KEYS), 'encoding-type': 'url' };
    if (this.settings.prefix) query.prefix = this.settings.prefix;
    if (startAfter !== null) query['start-after'] = startAfter;
    const answer = await this.call('GET', bucketUrl(this.settings), query, { maxBytes: LIST_MAX_BYTES });
    let result: XmlNode | undefined;
    try {
      result = find(parseXml(decodeText(answer.bytes), MAX_XML_DEPTH, 'S3 listing'), 'ListBucketResult');
    } catch (err) {
      if (!(err instanceof ConversionError)) throw err;
    }
    if (!result || answer.tooLarge) throw new ConnectorError('provider_unavailable', `${PROVIDER} answered something that is not a listing`);
    const text = (node: XmlNode, name: string) => {
      const found = child(node, name);
      return found ? allText(found) : '';
    };
    const urlEncoded = text(result, 'EncodingType') === 'url';
    const objects = findAll([result], 'Contents').map((entry) => ({
      key: urlEncoded ? decodeKey(text(entry, 'Key')) : text(entry, 'Key'),
      etag: text(entry, 'ETag').replace(/"/g, ''),
      size: Number(text(entry, 'Size')),
      lastModified: text(entry, 'LastModified'),
      storageClass: text(entry, 'StorageClass') || 'STANDARD',
    }));
    return { objects, truncated: text(result, 'IsTruncated') === 'true' };
  }

  /** An object's bytes; null when it is gone; `skipped` when it cannot be read (too large, archived, refused). */
  async get(key: string, maxBytes: number): Promise<S3Download | null | { skipped: string }> {
    const answer = await this.call('GET', bucketUrl(this.settings, key), {}, { maxBytes, allow: [403, 404] });
    if (answer.status === 403 || answer.status === 404) {
      const { code } = errorOf(answer.bytes);
      if (answer.status === 404 && code !== 'NoSuchBucket') return null;
      // One object the key may not read (a bucket policy on a prefix), or in an archive tier: skipped and reported.
      if (code === 'AccessDenied' || code === 'InvalidObjectState') return { skipped: `S3 answered ${code}` };
      const failure = s3Failure(answer, this.settings);
      throw failure instanceof Error ? failure : new ConnectorError('internal', `${PROVIDER} answered HTTP ${answer.status}`);
    }
    if (answer.tooLarge) return { skipped: `larger than ${maxBytes} bytes` };
    return {
      bytes: answer.bytes,
      contentType: answer.headers.get('content-type'),
      etag: (answer.headers.get('etag') ?? '').replace(/"/g, ''),
      lastModified: answer.headers.get('last-modified'),
    };
  }

  close(): Promise<void> {
    return this.fetcher.close();
  }

  private async call(method: string, url: URL, query: Record<string, string>, call: { maxBytes: number; allow?: readonly number[] }): Promise<ProviderAnswer> {
    const signed = await this.signer.sign(
      {
        method,
        protocol: url.protocol,
        hostname: url.hostname,
        port: url.port ? Number(url.port) : undefined,
        path: url.pathname,
        query,
        headers: { host: url.host },
      },
      { signingDate: this.options.http.now() },
    );
    const { host: _sent, ...headers } = signed.headers;
    const search = Object.keys(query)
      .sort()
      .map((name) => `${escapeUri(name)}=${escapeUri(query[name]!)}`)
      .join('&');
    const answer = await this.http.request(`${url.origin}${url.pathname}${search ? `?${search}` : ''}`, { method, headers, redirect: 'manual', ...call });
    if (answer.status >= 300 && answer.status < 400)
      throw regionError(answer.headers.get('x-amz-bucket-region') ?? errorOf(answer.bytes).region, this.settings);
    return answer;
  }
}

/** A key of a listing asked for with `encoding-type=url` (S3 writes a space as `+`). */
function decodeKey(encoded: string): string {
  return decodeURIComponent(encoded.replace(/\+/g, ' '));
}
