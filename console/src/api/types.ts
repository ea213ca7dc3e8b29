/**
 * Names for the API's answers the console reads. Every shape comes from ./openapi.ts, which
 * `npm run gen:console-types` generates from the OpenAPI document the server serves: a change to a
 * route's schema reaches the console by regenerating that file, never by editing one here.
 */
import type { components, paths } from './openapi.js';

type Schemas = components['schemas'];

/** The JSON body that route `P` answers to method `M` with status `S` (200 unless given). */
export type Answer<P extends keyof paths, M extends keyof paths[P], S extends number = 200> = paths[P][M] extends {
  responses: { [K in S]: { content: { 'application/json': infer Body } } };
}
  ? Body
  : never;

/** The JSON body that route `P` takes with method `M`. */
export type RequestBody<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

export type Session = Answer<'/v3/session', 'get'>;

/** The fields of a tag the console reads: a scoped key, which may not list tags, has these built from its session. */
export type ContainerTagItem = Pick<Schemas['ContainerTagListItem'], 'containerTag' | 'name' | 'documentCount' | 'memoryCount' | 'lastActivityAt'>;

export type DocumentListItem = Schemas['DocumentListItem'];
export type DocumentStatus = DocumentListItem['status'];
export type DocumentDetail = Schemas['Document'];
export type ProcessingStep = DocumentDetail['processingMetadata']['steps'][number];
/** A memory drawn from the document; `sourceCount` 1 means this document alone supports it. */
export type DocumentMemory = NonNullable<DocumentDetail['memories']>[number];
export type Chunk = Answer<'/v3/documents/{id}/chunks', 'get'>['chunks'][number];

export type MemoryEntry = Schemas['MemoryEntry'];
export type MemoryVersion = MemoryEntry['history'][number];
export type Relation = NonNullable<MemoryEntry['memoryRelations']>[string];
export type Pagination = Answer<'/v4/memories/list', 'post'>['pagination'];

export type SearchAnswer = Answer<'/v4/search', 'post'>;
export type SearchResult = Schemas['SearchResult'];
/** How the retrievers placed a result (with `explain: true`). */
export type RetrieverExplanation = Schemas['RetrieverExplanation'];
/** One retriever's rank among its own candidates (null: not picked) and score. */
export type RetrieverPlacement = RetrieverExplanation['vector'];
/** Milliseconds per phase; embedding overlaps retrieval. */
export type SearchTimings = Schemas['SearchTimings'];

export type ForgetMatchingAnswer = Answer<'/v4/memories/forget-matching', 'post'>;
export type ForgetCandidate = NonNullable<ForgetMatchingAnswer['candidates']>[number];

export type Profile = Answer<'/v4/profile', 'post'>['profile'];

export type ApiKey = Schemas['ApiKey'];
export type NewScopedKey = Answer<'/v3/auth/scoped-key', 'post'>;
export type NewKey = Answer<'/v3/auth/keys', 'post'>;

export type Connection = Schemas['Connection'];
export type ConnectionCleanup = Schemas['ConnectionCleanup'];
export type SyncRun = Schemas['SyncRun'];
export type ConnectionDocument = Schemas['ConnectionDocument'];

export type ProfileBucket = Schemas['ProfileBucket'];
export type ItemRules = Schemas['SyncItemRules'];
export type Settings = Schemas['Settings'];

export type WebhookEndpoint = Schemas['WebhookEndpoint'];
export type NewWebhookEndpoint = Schemas['WebhookEndpointWithSecret'];
export type WebhookDelivery = Schemas['WebhookDelivery'];
export type WebhookEventType = RequestBody<'/v3/webhooks', 'post'>['eventTypes'][number];
