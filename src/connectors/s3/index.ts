import { z } from 'zod';
import { mediaTypeOf } from '../../convert/decode.js';
import { defineConnector } from '../descriptor.js';
import { listingSync, readListingCursor, type ListingSource } from '../listing.js';
import { PageBuilder } from '../pages.js';
import { guardedSync, providerSettings } from '../provider-http.js';
import type { Connector, SourceDocumentType, SourceItem, SyncPage, SyncRequest } from '../types.js';
import { addressableKey, bucketUrl, PROVIDER, S3Client, type S3Download, type S3Object, type S3Options } from './client.js';
import { CREDENTIAL_FIELDS, credentialsOf, parseS3Config, readSettings, type S3Settings } from './config.js';

export type { S3Options } from './client.js';

const KINDS = ['o'] as const;
/** Archive tiers: GetObject refuses them until restored, so they count as gone. */
const ARCHIVED = new Set(['GLACIER', 'DEEP_ARCHIVE']);
/** Media types S3 gives objects stored without one: the conversion layer goes by the name and bytes instead. */
const GENERIC = new Set(['application/octet-stream', 'binary/octet-stream']);

/** Listed and wanted: under the prefix (the listing sees to it), one of the suffixes, not a folder marker. */
export function wantedKey(key: string, settings: S3Settings): boolean {
  if (key.endsWith('/') || !addressableKey(key)) return false;
  const lower = key.toLowerCase();
  return settings.suffixes.some((suffix) => lower.endsWith(suffix));
}

function documentType(key: string, mediaType: string | null): SourceDocumentType {
  const lower = key.toLowerCase();
  if (mediaType === 'application/pdf' || lower.endsWith('.pdf')) return 'pdf';
  if (mediaType?.startsWith('image/') || /\.(png|jpe?g|gif|webp|tiff?)$/.test(lower)) return 'image';
  return 'text';
}

/** An object as a document: its bytes go to the engine with its media type and name, and the conversion pool reads them. */
export function objectItem(settings: S3Settings, object: S3Object, download: S3Download): SourceItem {
  const name = object.key.split('/').pop() || object.key;
  const declared = mediaTypeOf(download.contentType);
  const mediaType = declared && !GENERIC.has(declared) ? declared : null;
  const lastModified = download.lastModified ?? object.lastModified;
  const updatedAt = new Date(lastModified);
  return {
    externalId: object.key,
    version: download.etag || markerOf(object),
    title: name,
    url: bucketUrl(settings, object.key).href,
    filepath: `/${object.key}`,
    type: documentType(object.key, mediaType),
    body: { bytes: download.bytes, mediaType, filename: name },
    metadata: { bucket: settings.bucket, key: object.key, size: download.bytes.byteLength, ...(mediaType && { mimeType: mediaType }) },
    updatedAt: Number.isNaN(updatedAt.getTime()) ? null : updatedAt,
  };
}

/** What tells an object's versions apart: its ETag, or its time and size where a server gives none. */
function markerOf(object: S3Object): string {
  return object.etag || `${object.lastModified}:${object.size}`;
}

/**
 * Each run lists the bucket under the prefix (ListObjectsV2, 1000 keys a request, resuming after
 * the last key of the page) and downloads only the objects whose ETag moved since the cursor
 * recorded it; keys the listing no longer shows are deleted (S3 lists with strong consistency).
 */
async function* syncBucket(options: S3Options, request: SyncRequest): AsyncGenerator<SyncPage> {
  const settings = readSettings(request.config);
  const client = new S3Client(options, settings, credentialsOf(request), request.signal);
  const out = new PageBuilder(request);
  const source: ListingSource<S3Object, 'o'> = {
    async page(start) {
      const { objects, truncated } = await client.list(start);
      const last = objects.at(-1)?.key ?? null;
      return { results: objects.filter((o) => wantedKey(o.key, settings)), next: truncated ? last : null };
    },
    describe: async (object) => ({
      id: object.key,
      kind: 'o',
      marker: markerOf(object),
      // Nothing to read in an empty object; too large or archived ones are not downloaded.
      gone: object.size === 0 || object.size > settings.maxObjectBytes || ARCHIVED.has(object.storageClass),
      settled: true,
    }),
    async read(object) {
      const download = await client.get(object.key, settings.maxObjectBytes);
      if (download === null) return null;
      if ('skipped' in download) {
        out.skip(object.key, download.skipped);
        return null;
      }
      return objectItem(settings, object, download);
    },
    exists: async () => false,
  };
  try {
    yield* listingSync(source, readListingCursor(request.cursor, KINDS), out, settings.maxObjects);
  } finally {
    await client.close();
  }
}

/** Any S3-compatible bucket (AWS S3, MinIO, R2…) with an access key pair. */
export function s3Connector(options: S3Options): Connector {
  return {
    kind: 's3',
    auth: 'credentials',
    parseConfig: parseS3Config,
    sync: (request) => guardedSync(syncBucket(options, request), request.signal, PROVIDER),
  };
}

export const s3Descriptor = defineConnector({
  kind: 's3',
  aliases: ['s3'],
  auth: 'credentials',
  credentialFields: CREDENTIAL_FIELDS,
  scheduled: true,
  // The endpoint, region and keys are each connection's own.
  env: z.object({}),
  create: (context) => {
    const { allowPrivate, allowedAddresses } = context.options.fetch;
    return s3Connector({ http: providerSettings(context), policy: { allowPrivate, allowedAddresses } });
  },
});
