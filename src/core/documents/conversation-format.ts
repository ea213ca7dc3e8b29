/** One turn as stored: what the client sent, normalised to text content. */
export interface ConversationMessage {
  role: 'user' | 'assistant' | 'system' | 'tool';
  content: string;
  name?: string;
  tool_calls?: unknown[];
  tool_call_id?: string;
}

export interface StoredConversation {
  conversationId: string;
  messages: ConversationMessage[];
}

export const CONVERSATION_MEDIA_TYPE = 'application/vnd.engram.conversation+json';

export function serializeConversation(conversation: StoredConversation): string {
  return JSON.stringify(conversation);
}

export function parseConversation(source: string): StoredConversation {
  return JSON.parse(source) as StoredConversation;
}

/** Turns the new transcript adds to the stored one; null when history was rewritten (not an append). */
export function appendedTurns(previous: ConversationMessage[], next: ConversationMessage[]): number | null {
  if (next.length < previous.length) return null;
  for (let i = 0; i < previous.length; i++) {
    if (JSON.stringify(previous[i]) !== JSON.stringify(next[i])) return null;
  }
  return next.length - previous.length;
}
