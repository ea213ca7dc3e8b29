import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../model/webhooks.js';

const DocumentData = z.object({
  id: z.string(),
  customId: z.string().nullable().optional(),
  title: z.string().nullable().optional(),
  status: z.string().optional(),
  type: z.string().optional(),
  connectionId: z.string().optional(),
  error: z.string().optional().describe('document.failed: why'),
});
const MemoryData = z.object({
  id: z.string(),
  memory: z.string().describe('Up to 2,000 characters; `truncated` past that (read the memory by id)'),
  truncated: z.boolean().optional(),
  version: z.number().int(),
  parentMemoryId: z.string().nullable(),
  rootMemoryId: z.string(),
  isInference: z.boolean(),
  sourceDocumentIds: z.array(z.string()).optional().describe('memory.created, memory.updated: the documents it was drawn from'),
  forgetReason: z.string().nullable().optional(),
});
const SupersededData = z.object({ id: z.string(), version: z.number().int(), rootMemoryId: z.string(), supersededBy: z.string() });
const ConnectionData = z.object({
  id: z.string(),
  provider: z.string(),
  status: z.string(),
  run: z
    .object({
      id: z.string(),
      trigger: z.string(),
      status: z.string(),
      itemsProcessed: z.number().int(),
      itemsDeleted: z.number().int(),
      itemsFailed: z.number().int(),
      errorCode: z.string().nullable(),
      error: z.string().nullable(),
    })
    .optional()
    .describe('connection.synced, connection.failed: the run'),
});
const TagDeletedData = z.object({ containerTag: z.string(), deletedDocumentsCount: z.number().int(), deletedMemoriesCount: z.number().int() });
const ProfileLine = z.object({
  id: z.string().describe('The memory the line states'),
  memory: z
    .string()
    .describe(
      "The line's text, as the v5 profile (`POST /ns/{namespace}/profile`) serves it (a recent-context line starts with `[YYYY-MM-DD]` when its day is known); up to 2,000 characters, `truncated` past that",
    ),
  truncated: z.literal(true).optional(),
});
const ProfilePartChange = z.object({
  added: z.array(ProfileLine).describe('Lines the part gained'),
  removed: z.array(ProfileLine).describe('Lines the part lost (a line whose memory changed: the old one removed, the new one added)'),
  moreAdded: z.number().int().describe('Lines added but not listed: at most 20 lines are listed over all the parts'),
  moreRemoved: z.number().int().describe('Lines removed but not listed'),
});
const ProfileData = z.object({
  containerTag: z.string(),
  staticCount: z.number().int().describe('Lines the static part holds now'),
  dynamicCount: z.number().int().describe('Lines the recent-context part holds now'),
  bucketCounts: z.record(z.string(), z.number().int()).describe('Lines each bucket holds now'),
  static: ProfilePartChange,
  dynamic: ProfilePartChange,
  buckets: z.record(z.string(), ProfilePartChange).describe('The buckets that changed'),
});
const MergedData = z.object({
  mergeId: z.string(),
  containerTag: z.string().describe('The target tag'),
  sourceTags: z.array(z.string()).describe('The tags merged into it (deleted)'),
  moved: z
    .object({
      documents: z.number().int(),
      chunks: z.number().int(),
      memories: z.number().int(),
      renamedCustomIds: z.number().int(),
      duplicateMemories: z.number().int(),
    })
    .nullable(),
});
const ImportedData = z.object({
  containerTag: z.string(),
  counts: z
    .object({ spaces: z.number().int(), documents: z.number().int(), chunks: z.number().int(), memories: z.number().int(), profiles: z.number().int() })
    .describe("The file's records"),
  inserted: z
    .object({ documents: z.number().int(), chunks: z.number().int(), memories: z.number().int() })
    .describe('The rows it added (a re-run of the same file adds none)'),
  reembedded: z.boolean(),
});
const ResetData = z.object({
  deletedConnections: z.number().int(),
  deletedDocuments: z.number().int(),
  deletedMemoryRows: z.number().int(),
  deletedExtraSpaces: z.number().int(),
});

function dataOf(type: WebhookEventType): z.ZodType {
  if (type === 'memory.superseded') return SupersededData;
  if (type === 'container_tag.deleted') return TagDeletedData;
  if (type === 'container_tag.merged') return MergedData;
  if (type === 'container_tag.imported') return ImportedData;
  if (type === 'profile.changed') return ProfileData;
  if (type === 'organization.reset') return ResetData;
  if (type.startsWith('document.')) return DocumentData;
  if (type.startsWith('memory.')) return MemoryData;
  return ConnectionData;
}

/**
 * The requests engram sends to an organization's webhook endpoints, one per event type, for the
 * OpenAPI document's `webhooks`: the body, and the Standard Webhooks headers that sign it.
 */
export function webhookOperations(): Record<string, unknown> {
  const header = (description: string) => ({ required: true, schema: { type: 'string' }, description });
  return Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => {
      const body = z.object({
        id: z.string().describe('The event id, also sent as webhook-id: the same on every retry and re-send'),
        type: z.literal(type),
        timestamp: z.string().describe('When the change happened (ISO 8601)'),
        organization: z.string(),
        containerTag: z.string().nullable(),
        data: dataOf(type),
      });
      return [
        type,
        {
          post: {
            summary: `${type} (sent to endpoints registered with POST /v3/webhooks)`,
            parameters: [
              { in: 'header', name: 'webhook-id', ...header('The event id: deduplicate by it') },
              { in: 'header', name: 'webhook-timestamp', ...header('Unix seconds when this attempt was signed') },
              {
                in: 'header',
                name: 'webhook-signature',
                ...header('`v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, space-separated, one per secret in use'),
              },
            ],
            requestBody: { required: true, content: { 'application/json': { schema: z.toJSONSchema(body) } } },
            responses: { '200': { description: 'Any 2xx: delivered. Anything else, or no answer in time: retried with backoff' } },
          },
        },
      ];
    }),
  );
}
