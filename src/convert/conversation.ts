import { ConversionError } from './types.js';

interface Turn {
  role: string;
  content: string;
  name?: string;
  tool_calls?: unknown[];
  tool_call_id?: string;
}

/** A conversation (JSON with `messages`) as markdown: one paragraph per turn, speaker first. */
export function convertConversation(text: string): { markdown: string; title: string | null } {
  let parsed: { conversationId?: string; messages?: Turn[] };
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    throw new ConversionError('conversation is not valid JSON');
  }
  const messages = Array.isArray(parsed.messages) ? parsed.messages : [];
  if (!messages.length) throw new ConversionError('conversation has no messages');
  const parts = messages.map((turn) => {
    const speaker = turn.name ? `**${turn.name}** (${turn.role})` : `**${turn.role}**`;
    const lines = [`${speaker}: ${turn.content}`.trim()];
    if (turn.tool_calls?.length) lines.push('```json', JSON.stringify(turn.tool_calls, null, 2), '```');
    if (turn.tool_call_id) lines.push(`(result of tool call ${turn.tool_call_id})`);
    return lines.join('\n');
  });
  const firstUser = messages.find((m) => m.role === 'user' && m.content.trim())?.content.trim();
  const title = firstUser ? firstUser.slice(0, 120) : (parsed.conversationId ?? null);
  return { markdown: parts.join('\n\n'), title };
}
