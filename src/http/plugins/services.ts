import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { ConnectionResources } from '../../core/connections/connection-resources.js';
import type { ConnectionService } from '../../core/connections/connection-service.js';
import type { OAuthCallback } from '../../core/connections/oauth-callback.js';
import type { KindWebhookReceiver } from '../../core/connections/kind-webhooks.js';
import type { WebhookReceiver } from '../../core/connections/webhooks.js';
import type { FileLinks } from '../../core/access/file-links.js';
import type { KeyManagement } from '../../core/access/key-management.js';
import type { KeyResolver } from '../../core/access/keys.js';
import type { ConversationService } from '../../core/documents/conversations.js';
import type { DocumentService } from '../../core/documents/document-service.js';
import type { DocumentsWithMemories } from '../../core/documents/documents-with-memories.js';
import type { MemoryEdits } from '../../core/memories/edits.js';
import type { MemoryListing } from '../../core/memories/listing.js';
import type { MemoryWriter } from '../../core/memories/writer.js';
import type { Portability } from '../../core/portability/index.js';
import type { ProfileService } from '../../core/profiles/profile-service.js';
import type { SearchService } from '../../core/search/search-service.js';
import type { SettingsService } from '../../core/settings/settings-service.js';
import type { MergeService } from '../../core/tags/merges.js';
import type { OrgReset } from '../../core/tags/org-reset.js';
import type { ContainerTagService } from '../../core/tags/tag-service.js';

/** The core services the routes call, built by the composition root (app.ts). */
export interface Services {
  keys: KeyResolver;
  keyManagement: KeyManagement;
  fileLinks: FileLinks;
  documents: DocumentService;
  documentsWithMemories: DocumentsWithMemories;
  conversations: ConversationService;
  memoryWriter: MemoryWriter;
  memoryEdits: MemoryEdits;
  memoryListing: MemoryListing;
  search: SearchService;
  profiles: ProfileService;
  containerTags: ContainerTagService;
  merges: MergeService;
  settings: SettingsService;
  orgReset: OrgReset;
  connections: ConnectionService;
  connectionResources: ConnectionResources;
  oauthCallback: OAuthCallback;
  webhooks: WebhookReceiver;
  kindWebhooks: KindWebhookReceiver;
  portability: Portability;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The core services; every route reads the one it calls from here. */
    services: Services;
  }
}

/** Decorates the server with the services, for every route registered after it. */
export const servicesPlugin = fastifyPlugin(
  async (app: FastifyInstance, services: Services) => {
    app.decorate('services', services);
  },
  { name: 'services' },
);
