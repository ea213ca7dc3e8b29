import type { ConnectionResources } from './connections/connection-resources.js';
import type { ConnectionService } from './connections/connection-service.js';
import type { OAuthCallback } from './connections/oauth-callback.js';
import type { KindWebhookReceiver } from './connections/kind-webhooks.js';
import type { WebhookReceiver } from './connections/webhooks.js';
import type { FileLinks } from './access/file-links.js';
import type { KeyManagement } from './access/key-management.js';
import type { KeyResolver } from './access/keys.js';
import type { ConversationService } from './documents/conversations.js';
import type { DocumentService } from './documents/document-service.js';
import type { DocumentsWithMemories } from './documents/documents-with-memories.js';
import type { MemoryEdits } from './memories/edits.js';
import type { MemoryListing } from './memories/listing.js';
import type { MemoryWriter } from './memories/writer.js';
import type { Portability } from './portability/index.js';
import type { ProfileService } from './profiles/profile-service.js';
import type { SearchService } from './search/search-service.js';
import type { SettingsService } from './settings/settings-service.js';
import type { MergeService } from './tags/merges.js';
import type { OrgReset } from './tags/org-reset.js';
import type { ContainerTagService } from './tags/tag-service.js';
import type { WebhookEndpoints } from './webhooks/endpoints.js';

/** The core services the transports call (HTTP routes, and the MCP tools a part of them), built by the composition root (app.ts). */
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
  /** Outgoing webhooks: the organization's endpoints and their deliveries. */
  webhookEndpoints: WebhookEndpoints;
}
