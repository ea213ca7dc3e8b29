import { DEFAULT_LIMITS } from './limits.js';
import { assertJsonDepth } from './nesting.js';
import { ConversionError } from './types.js';

interface Turn {
  role: string;
  content: string;
  name?: string;
  tool_calls?: unknown[];
  tool_call_id?: string;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The turns of a parsed conversation, each checked to have the fields rendering reads. */
function turnsOf(parsed: unknown): Turn[] {
  const messages = isObject(parsed) && Array.isArray(parsed.messages) ? parsed.messages : [];
  if (!messages.length) throw new ConversionError('conversation has no messages');
  messages.forEach((turn: unknown, i) => {
    const where = `conversation message ${i + 1}`;
    if (!isObject(turn)) throw new ConversionError(`${where} is not an object`);
    if (typeof turn.role !== 'string') throw new ConversionError(`${where} has no role`);
    if (typeof turn.content !== 'string') throw new ConversionError(`${where} has no text content`);
    for (const field of ['name', 'tool_call_id'] as const) {
      if (turn[field] !== undefined && typeof turn[field] !== 'string') throw new ConversionError(`${where}: ${field} is not a string`);
    }
    if (turn.tool_calls !== undefined && !Array.isArray(turn.tool_calls)) throw new ConversionError(`${where}: tool_calls is not a list`);
  });
  return messages as Turn[];
}

/** A conversation (JSON with `messages`) as markdown: one paragraph per turn, speaker first. */
export function convertConversation(text: string, maxDepth = DEFAULT_LIMITS.maxNestingDepth): { markdown: string; title: string | null } {
  assertJsonDepth(text, maxDepth);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ConversionError('conversation is not valid JSON');
  }
  const messages = turnsOf(parsed);
  const parts = messages.map((turn) => {
    const speaker = turn.name ? `**${turn.name}** (${turn.role})` : `**${turn.role}**`;
    const lines = [`${speaker}: ${turn.content}`.trim()];
    if (turn.tool_calls?.length) lines.push('```json', JSON.stringify(turn.tool_calls, null, 2), '```');
    if (turn.tool_call_id) lines.push(`(result of tool call ${turn.tool_call_id})`);
    return lines.join('\n');
  });
  const firstUser = messages.find((m) => m.role === 'user' && m.content.trim())?.content.trim();
  const conversationId = isObject(parsed) && typeof parsed.conversationId === 'string' ? parsed.conversationId : null;
  const title = firstUser ? firstUser.slice(0, 120) : conversationId;
  return { markdown: parts.join('\n\n'), title };
}
