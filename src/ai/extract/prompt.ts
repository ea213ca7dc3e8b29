import type { ChatMessage } from '../llm/client.js';
import type { ConversationTurn, ExtractionInput } from './types.js';

/** A piece of the input small enough for one request; turns keep their index in the whole input. */
export type ExtractionWindow =
  | { kind: 'turns'; turns: { index: number; turn: ConversationTurn }[] }
  | { kind: 'text'; text: string };

export function windowsOf(input: ExtractionInput, maxChars: number): ExtractionWindow[] {
  if (input.turns?.length) {
    const windows: ExtractionWindow[] = [];
    let current: { index: number; turn: ConversationTurn }[] = [];
    let size = 0;
    input.turns.forEach((turn, index) => {
      const length = turn.content.length + 40;
      if (current.length > 0 && size + length > maxChars) {
        windows.push({ kind: 'turns', turns: current });
        current = [];
        size = 0;
      }
      current.push({ index, turn });
      size += length;
    });
    if (current.length > 0) windows.push({ kind: 'turns', turns: current });
    return windows;
  }
  const windows: ExtractionWindow[] = [];
  let current = '';
  for (const paragraph of input.text.split(/\n{2,}/)) {
    for (let start = 0; start < Math.max(paragraph.length, 1); start += maxChars) {
      const piece = paragraph.slice(start, start + maxChars);
      if (current && current.length + piece.length + 2 > maxChars) {
        windows.push({ kind: 'text', text: current });
        current = '';
      }
      current = current ? `${current}\n\n${piece}` : piece;
    }
  }
  if (current.trim()) windows.push({ kind: 'text', text: current });
  return windows;
}

const RULES = `You extract long-term memories from the source the user gives you.

Rules:
- Each memory is ONE atomic fact that is understandable on its own. Name its subject: write the speaker's name instead of "I", "me", "my", and the addressee's name instead of "you", "your".
- Resolve relative dates ("yesterday", "last week", "next month") against the date of the turn, or the document date, and write the absolute date into the memory (e.g. "Caroline went to a support group on 7 May 2023"). List those dates in eventDates as ISO: YYYY-MM-DD, or YYYY-MM / YYYY when only that is known.
- isStatic is true only for durable facts: name, age, job, employer, home, origin, relationships, lasting preferences. Episodes, plans and moods are not static.
- kind is one of: identity, preference, relation, event, plan, fact.
- forgetAfter: for facts that stop being true at a known time (an exam tomorrow, a trip next week, being ill today), the ISO instant after which the fact no longer holds, usually the end of that day or period; otherwise null.
- speaker: who stated the fact, or null. turnIndex: the [n] number of the turn it comes from, or null for documents.
- confidence: 0 to 1; lower for hedged, joking or second-hand statements.
- Keep names, titles, numbers and specific details verbatim. Do not invent anything the source does not support.
- Skip greetings, small talk, questions, thanks, filler and assistant boilerplate.
- Reply with the JSON object only. When nothing is worth remembering, reply {"memories": []}.`;

export function buildExtractionMessages(input: ExtractionInput, window: ExtractionWindow): ChatMessage[] {
  const sections = [RULES];
  if (input.entityContext?.trim()) {
    sections.push(`Who or what these memories are about:\n${input.entityContext.trim()}`);
  }
  if (input.workspacePrompt?.trim()) {
    sections.push(`Instructions from the workspace owner:\n${input.workspacePrompt.trim()}`);
  }
  if (input.shouldLLMFilter && input.filterPrompt?.trim()) {
    sections.push(
      `Filter: keep only memories this filter allows and drop everything it excludes, even if the rules above would keep it:\n${input.filterPrompt.trim()}`,
    );
  }
  return [
    { role: 'system', content: sections.join('\n\n') },
    { role: 'user', content: renderSource(input, window) },
  ];
}

function renderSource(input: ExtractionInput, window: ExtractionWindow): string {
  const date = input.documentDate && !Number.isNaN(input.documentDate.getTime()) ? input.documentDate : null;
  const header = date ? `Document date: ${date.toISOString().slice(0, 10)} (${weekday(date)})\n\n` : '';
  if (window.kind === 'text') return `${header}Document:\n${window.text}`;
  const lines = window.turns.map(({ index, turn }) => {
    const who = turn.name?.trim() ? `${turn.name.trim()} (${turn.role})` : turn.role;
    const when = turn.date ? ` [${turn.date}]` : '';
    return `[${index}] ${who}${when}: ${turn.content}`;
  });
  return `${header}Conversation:\n${lines.join('\n')}`;
}

function weekday(date: Date): string {
  return ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'][date.getUTCDay()];
}
