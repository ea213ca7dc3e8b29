/**
 * The bodies the API answers, typed for tests: `server.request<T>(…)` gives `res.body` the type T,
 * and a test picks T here (or writes `Answer<'/v3/…', 'post'>` for a route without a name below).
 * The shapes are those of console/src/api/openapi.ts, generated from the OpenAPI document the server
 * serves (`npm run gen:console-types`), so a test that reads a field the route does not declare fails
 * to compile. Without T the body stays `any`, as in the tests not yet converted.
 */
import type { components } from '../../console/src/api/openapi.js';
import type { Answer } from '../../console/src/api/types.js';

export type { Answer, RequestBody } from '../../console/src/api/types.js';

type Schemas = components['schemas'];

/** Every 4xx and 5xx answer. */
export type ErrorBody = Schemas['ErrorResponse'];

/** POST /v3/documents, PATCH /v3/documents/{id}: the document and where it is on its way through ingest. */
export type WriteAnswer = Answer<'/v3/documents', 'post'>;
/** GET /v3/documents/{id}. */
export type DocumentView = Schemas['Document'];
/** POST /v3/documents/list. */
export type DocumentList = Answer<'/v3/documents/list', 'post'>;
/** GET /v3/documents/{id}/chunks. */
export type DocumentChunks = Answer<'/v3/documents/{id}/chunks', 'get'>;

/** GET /v3/memories/{id}, and each entry of a memory list. */
export type MemoryEntry = Schemas['MemoryEntry'];
/** POST /v4/memories (201). */
export type MemoriesCreated = Answer<'/v4/memories', 'post', 201>;
/** POST /v4/memories/list. */
export type MemoryList = Answer<'/v4/memories/list', 'post'>;
/** PATCH /v4/memories: the new version. */
export type MemoryUpdated = Answer<'/v4/memories', 'patch'>;
/** DELETE /v4/memories. */
export type MemoryForgotten = Answer<'/v4/memories', 'delete'>;
/** POST /v4/memories/forget-matching: candidates with dryRun, the forgotten ones without. */
export type ForgetMatchingAnswer = Answer<'/v4/memories/forget-matching', 'post'>;

/** POST /v4/search: memories, chunks, or both (searchMode). */
export type SearchAnswer = Answer<'/v4/search', 'post'>;
export type SearchResult = Schemas['SearchResult'];
/** POST /v3/search: documents with their matching chunks. */
export type DocumentSearchAnswer = Answer<'/v3/search', 'post'>;
export type DocumentSearchResult = Schemas['DocumentSearchResult'];

/** POST /v4/profile. */
export type ProfileAnswer = Answer<'/v4/profile', 'post'>;
