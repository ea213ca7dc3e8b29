/**
 * Every table, for drizzle (database.ts) and drizzle-kit (drizzle.config.ts) only: the table files
 * and the queries import the tables they use directly, so nothing imports back into this list.
 */
export { apiKeys } from './api-keys.js';
export { chunkDrafts } from './chunk-drafts.js';
export { chunks } from './chunks.js';
export { connections } from './connections.js';
export { containerTagMerges } from './container-tag-merges.js';
export { documentAttachments } from './document-attachments.js';
export { documentFiles } from './document-files.js';
export { documents } from './documents.js';
export { embeddingSpace } from './embedding-space.js';
export { jobs } from './jobs.js';
export { kindSecrets } from './kind-secrets.js';
export { memories } from './memories.js';
export { memorySources } from './memory-sources.js';
export { memoryTagChanges } from './memory-tag-changes.js';
export { orgSettings } from './org-settings.js';
export { orgs } from './orgs.js';
export { profiles } from './profiles.js';
export { spaces } from './spaces.js';
export { syncRuns } from './sync-runs.js';
export { webhookDeliveries } from './webhook-deliveries.js';
export { webhookEndpoints } from './webhook-endpoints.js';
export { webhookEventDeliveries } from './webhook-event-deliveries.js';
export { webhookEvents } from './webhook-events.js';
