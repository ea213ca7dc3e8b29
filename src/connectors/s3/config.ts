import { booleanField, httpUrlField, integerField, stringListField } from '../config-fields.js';
import { ConnectorConfigError, ConnectorError, type SyncRequest } from '../types.js';

/** The connection's bucket and what of it is imported (its credentials are kept apart). */
export interface S3Settings {
  /** The S3 API's base URL; null: AWS's endpoint of the region. */
  endpoint: string | null;
  region: string;
  bucket: string;
  /** Only keys starting with it are listed; '' for the whole bucket. */
  prefix: string;
  /** Only keys ending with one of them (any case) are imported. */
  suffixes: string[];
  /** `{endpoint}/{bucket}/{key}` instead of `{bucket}.{endpoint host}/{key}`. */
  forcePathStyle: boolean;
  /** Larger objects are not downloaded (and a held document of one that grew past it is deleted). */
  maxObjectBytes: number;
  /** How many objects the connection imports at most (bounds the cursor). */
  maxObjects: number;
}

/** An access key pair, with the session token of temporary credentials. */
export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** The fields of `metadata` that are credentials: sealed, never stored in the connection or answered. */
export const CREDENTIAL_FIELDS = ['accessKeyId', 'secretAccessKey', 'sessionToken'] as const;

const MIB = 1024 * 1024;
/** The formats the conversion layer reads, by file name: the default suffixes. */
export const CONVERTIBLE_SUFFIXES = [
  '.md',
  '.markdown',
  '.txt',
  '.text',
  '.csv',
  '.json',
  '.html',
  '.htm',
  '.xhtml',
  '.pdf',
  '.docx',
  '.xlsx',
  '.pptx',
  '.odt',
  '.ods',
  '.odp',
  '.epub',
  '.png',
  '.jpg',
  '.jpeg',
  '.gif',
  '.webp',
  '.tif',
  '.tiff',
];

/** S3's rules for bucket names (3–63 lowercase letters, digits, dots and hyphens; not an IP address). */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION = /^[a-z0-9][a-z0-9-]{0,62}$/;
const VISIBLE = (min: number, max: number) => new RegExp(`^[\\x21-\\x7e]{${min},${max}}$`);
const ACCESS_KEY_ID = VISIBLE(3, 128);
const SECRET_ACCESS_KEY = VISIBLE(8, 256);
const SESSION_TOKEN = VISIBLE(1, 8192);

function stringField(metadata: Record<string, unknown>, field: string, fallback: string, check: (value: string) => boolean, describe: string): string {
  const raw = metadata[field];
  if (raw === undefined || raw === null) return fallback;
  if (typeof raw !== 'string' || !check(raw)) throw new ConnectorConfigError(`metadata.${field}`, `must be ${describe}`);
  return raw;
}

/** The bucket settings of a connection's metadata (or of its stored config), defaults applied. */
export function readSettings(metadata: Record<string, unknown>): S3Settings {
  if (typeof metadata.bucket !== 'string' || !BUCKET.test(metadata.bucket) || /^\d+\.\d+\.\d+\.\d+$/.test(metadata.bucket) || metadata.bucket.includes('..')) {
    throw new ConnectorConfigError('metadata.bucket', 'is required: the bucket name (3 to 63 lowercase letters, digits, dots and hyphens)');
  }
  let endpoint: string | null = null;
  if (metadata.endpoint !== undefined && metadata.endpoint !== null) {
    const url = httpUrlField(metadata, 'endpoint');
    if (url.search || url.hash) throw new ConnectorConfigError('metadata.endpoint', 'must be the API base URL, without a query or fragment');
    endpoint = url.href.replace(/\/+$/, '');
  }
  const region = stringField(metadata, 'region', 'us-east-1', (v) => REGION.test(v), 'a region name such as eu-west-1');
  const prefix = stringField(metadata, 'prefix', '', (v) => v.length <= 1024 && !/\p{Cc}/u.test(v), 'a key prefix of at most 1024 characters');
  const suffixes = stringListField(metadata, 'suffixes', {
    pattern: /^[^\p{Cc}]{1,64}$/u,
    describe: 'key endings such as ".md" (1 to 64 characters)',
    maxItems: 50,
  });
  return {
    endpoint,
    region,
    bucket: metadata.bucket,
    prefix,
    suffixes: (suffixes ?? CONVERTIBLE_SUFFIXES).map((s) => s.toLowerCase()),
    forcePathStyle: booleanField(metadata, 'forcePathStyle', endpoint !== null),
    maxObjectBytes: integerField(metadata, 'maxObjectBytes', { min: 1, max: 100 * MIB, fallback: 20 * MIB }),
    maxObjects: integerField(metadata, 'maxObjects', { min: 1, max: 20_000, fallback: 10_000 }),
  };
}

/**
 * Validates the caller's metadata: the access key pair (and session token) are checked here but
 * left out of the returned config; the engine seals them and passes them back as
 * `credentials: { config: { accessKeyId, secretAccessKey, sessionToken? } }`.
 */
export function parseS3Config(metadata: Record<string, unknown>): Record<string, unknown> {
  if (typeof metadata.accessKeyId !== 'string' || !ACCESS_KEY_ID.test(metadata.accessKeyId)) {
    throw new ConnectorConfigError('metadata.accessKeyId', 'is required: the access key id (3 to 128 visible characters)');
  }
  if (typeof metadata.secretAccessKey !== 'string' || !SECRET_ACCESS_KEY.test(metadata.secretAccessKey)) {
    throw new ConnectorConfigError('metadata.secretAccessKey', 'is required: the secret access key (8 to 256 visible characters)');
  }
  if (metadata.sessionToken !== undefined && (typeof metadata.sessionToken !== 'string' || !SESSION_TOKEN.test(metadata.sessionToken))) {
    throw new ConnectorConfigError('metadata.sessionToken', 'must be the session token of temporary credentials (visible characters)');
  }
  const settings = readSettings(metadata);
  const { accessKeyId: _id, secretAccessKey: _secret, sessionToken: _token, ...rest } = metadata;
  return { ...rest, ...settings, suffixes: settings.suffixes };
}

/** The connection's sealed key pair, handed back by the engine. */
export function credentialsOf(request: SyncRequest): S3Credentials {
  const given = 'config' in request.credentials ? request.credentials.config : {};
  const { accessKeyId, secretAccessKey, sessionToken } = given;
  if (typeof accessKeyId !== 'string' || typeof secretAccessKey !== 'string' || !accessKeyId || !secretAccessKey) {
    throw new ConnectorError('auth_expired', 'the connection has no S3 access key');
  }
  return { accessKeyId, secretAccessKey, ...(typeof sessionToken === 'string' && sessionToken && { sessionToken }) };
}
