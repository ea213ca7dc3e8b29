import { createHash } from 'node:crypto';
import { serializeConversation, type ConversationMessage } from './conversation-format.js';
import type { DocumentService } from './document-service.js';
import { invalidInput } from '../../model/errors.js';
import type { Metadata } from '../../model/documents.js';
import type { Principal } from '../../model/access.js';

type ContentPart = { type: 'text'; text: string } | { type: 'image_url'; imageUrl?: { url: string }; image_url?: { url: string } };

export interface ConversationInput {
  conversationId?: string | null;
  customId?: string | null;
  messages: (Omit<ConversationMessage, 'content'> & { content: string | ContentPart[] })[];
  containerTag?: string | null;
  containerTags?: string[] | null;
  metadata?: Metadata | null;
  entityContext?: string | null;
  documentDate?: string | null;
}

const CUSTOM_ID = /^[a-zA-Z0-9_:.-]{1,100}$/;

/** Conversation ids are free text; document customIds are not, so odd ones are hashed into a stable customId. */
export function conversationCustomId(conversationId: string): string {
  return CUSTOM_ID.test(conversationId) ? conversationId : `conv_${createHash('sha256').update(conversationId).digest('hex').slice(0, 40)}`;
}

function textOf(content: string | ContentPart[]): string {
  if (typeof content === 'string') return content;
  return content.map((part) => (part.type === 'text' ? part.text : `[image: ${(part.imageUrl ?? part.image_url)?.url ?? ''}]`)).join('\n');
}

/**
 * One document per conversation. Re-sending the conversation with more turns updates that document;
 * the stored transcript lets later stages tell appended turns from rewritten history.
 */
export class ConversationService {
  constructor(private readonly documents: DocumentService) {}

  async ingest(principal: Principal, input: ConversationInput): Promise<{ id: string; conversationId: string; status: string }> {
    const conversationId = input.conversationId ?? input.customId;
    if (!conversationId) throw invalidInput('Invalid request', 'body.conversationId: required (or customId)');
    const messages: ConversationMessage[] = input.messages.map((m) => ({
      role: m.role,
      content: textOf(m.content),
      ...(m.name ? { name: m.name } : {}),
      ...(m.tool_calls?.length ? { tool_calls: m.tool_calls } : {}),
      ...(m.tool_call_id ? { tool_call_id: m.tool_call_id } : {}),
    }));
    const result = await this.documents.add(principal, {
      content: serializeConversation({ conversationId, messages }),
      sourceType: 'conversation',
      customId: conversationCustomId(conversationId),
      containerTag: input.containerTag,
      containerTags: input.containerTags,
      metadata: input.metadata,
      entityContext: input.entityContext,
      documentDate: input.documentDate,
    });
    return { id: result.id, conversationId, status: result.status };
  }
}
