import type { ChatMessage } from '../llm/client.js';
import type { ConversationTurn, ExtractionInput } from './types.js';

/** A piece of the input small enough for one request; turns keep their index in the whole input. */
export type ExtractionWindow = { kind: 'turns'; turns: { index: number; turn: ConversationTurn }[] } | { kind: 'text'; text: string };

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

/** The made-up memory of the prompt's example: a small model that copies it has not answered. */
export const EXAMPLE_MEMORY = {
  content: 'Dana Whitfield moved to Porto in March 2021',
  isStatic: false,
  kind: 'event',
  eventDates: ['2021-03'],
  forgetAfter: null,
  speaker: null,
  turnIndex: null,
  confidence: 0.9,
} as const;

/** Whether a memory is the prompt's example copied, rather than a fact of a source that happens to be about Dana Whitfield. */
export function copiesTheExample(content: string, source: string): boolean {
  return content.trim().toLowerCase().replace(/[.!]$/, '') === EXAMPLE_MEMORY.content.toLowerCase() && !/whitfield/i.test(source);
}

const RULES = `You extract long-term memories from the source the user gives you: the facts worth remembering about the people, organizations, places and things in it.

Each memory:
- states exactly ONE fact: one subject and one thing said of it. Split "Ana is a nurse and lives in Oslo" into "Ana is a nurse" and "Ana lives in Oslo". Never join facts with "and", ";" or a list.
- names its subject. Write the person or thing a pronoun stands for instead of the pronoun: the speaker's name for "I", "me", "my", "we"; the addressee's name for "you", "your"; the person or thing named before for "he", "she", "it", "they", "this". If you cannot tell who or what is meant, leave the fact out.
- is understandable on its own, without the source or the other memories.
- keeps names, titles, numbers and specific details as the source gives them. Never invent, guess or add what the source does not say.
- has a date in its text only when the date is part of the fact: when something happened, will happen, began or ended. Resolve relative dates ("yesterday", "last week", "next month") against the date of the turn, or the document date, and write the absolute date (e.g. "Caroline went to a support group on 7 May 2023"). Never stamp a memory with the date of the document ("as of 8 May 2023"): that date is stored separately.

Never a memory: page furniture (navigation, menus, breadcrumbs, link lists, headers and footers, tables of contents, a title or heading on its own, bylines and credits such as "Prepared by …" or "Written by …", captions, copyright, cookie and legal notices, "share" and "read more" links); statements about the source itself ("This page describes …"); greetings, small talk, questions, thanks, filler and assistant boilerplate.

Fields of each memory:
- content: the fact, as above.
- isStatic: true only for durable facts: name, age, job, employer, home, origin, relationships, lasting preferences. Episodes, plans and moods are not static.
- kind: one of identity, preference, relation, event, plan, fact.
- eventDates: the dates the fact is about, as ISO: YYYY-MM-DD, or YYYY-MM / YYYY when only that is known; [] when none.
- forgetAfter: for facts that stop being true at a known time (an exam tomorrow, a trip next week, being ill today), the ISO instant after which the fact no longer holds, usually the end of that day or period; otherwise null.
- speaker: who stated the fact, or null. turnIndex: the [n] number of the turn it comes from, or null for documents.
- confidence: 0 to 1; lower for hedged, joking or second-hand statements.

Reply with one JSON object and nothing else: no prose, no markdown fence, no reasoning. This example shows the shape only (its fact is made up; never copy it):
${JSON.stringify({ memories: [EXAMPLE_MEMORY] })}
When nothing is worth remembering, reply {"memories": []}.`;

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

/** The text of a window as the model reads it. */
export function windowText(window: ExtractionWindow): string {
  return window.kind === 'text' ? window.text : window.turns.map(({ turn }) => `${turn.name ?? ''} ${turn.content}`).join('\n');
}
