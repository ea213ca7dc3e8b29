/** The events an organization's webhook endpoints may ask for; the types emitted so far are marked in docs/webhooks.md. */
export const WEBHOOK_EVENT_TYPES = [
  'document.queued',
  'document.done',
  'document.failed',
  'document.deleted',
  'memory.created',
  'memory.updated',
  'memory.superseded',
  'memory.forgotten',
  'memory.deleted',
  'profile.changed',
  'connection.created',
  'connection.synced',
  'connection.failed',
  'connection.deleted',
  'container_tag.merged',
  'container_tag.imported',
  'container_tag.deleted',
  'organization.reset',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** An event as the change that causes it writes it: the organization, the tag it happened in and a small payload (content by id). */
export interface WebhookEventDraft {
  orgId: string;
  type: WebhookEventType;
  containerTag: string | null;
  /** Tags the event concerns besides `containerTag` (a merge's sources): endpoints limited to them receive it too. Not stored. */
  alsoTags?: string[];
  data: Record<string, unknown>;
}

export interface WebhookEndpointRecord {
  id: string;
  orgId: string;
  url: string;
  description: string | null;
  eventTypes: string[];
  /** Only events of these tags; null: every tag. */
  containerTags: string[] | null;
  enabled: boolean;
  disabledReason: string | null;
  /** Sealed with the server secret. */
  secret: string;
  /** The secret replaced by the last rotation, sealed; it still signs until `previousSecretExpiresAt`. */
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
  /** Deliveries failed in a row (a delivered one resets it); past the bound the endpoint is disabled. */
  consecutiveFailures: number;
  /** The dispatcher delivering to this endpoint holds it until then (one delivery at a time, in order). */
  leasedUntil: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface WebhookEventRecord {
  id: string;
  orgId: string;
  type: string;
  containerTag: string | null;
  data: Record<string, unknown>;
  createdAt: Date;
}

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookDeliveryRecord {
  id: string;
  /** Order of the deliveries of one endpoint: the lower is sent first. */
  seq: number;
  orgId: string;
  endpointId: string;
  eventId: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: Date;
  lastAttemptAt: Date | null;
  /** The receiver's HTTP status at the last attempt; null when none answered. */
  lastStatus: number | null;
  /** The start of the receiver's answer, or why no answer came. */
  lastResponse: string | null;
  createdAt: Date;
  updatedAt: Date;
}
