import { isFieldLabel, isRoleField } from './fields.js';
import type { ConversationTurn, ExtractionInput } from './types.js';

export interface Utterance {
  text: string;
  speaker: string | null;
  listener: string | null;
  /** Who wrote a document told in the first person, as they introduce themselves ("I'm Rosa Lindqvist"); its "I" is them. */
  author: string | null;
  /** Reference for relative dates: the turn's own date, else the document date. */
  date: Date | null;
  turnIndex: number | null;
}

const TRANSCRIPT_LINE = /^\s*(?:\*\*|__)?([A-Z][\w .'-]{0,40}?)(?:\*\*|__)?\s*:(?:\*\*|__)?\s+(\S.*)$/;
const ROLE_NAMES: Record<string, string> = {
  user: 'user',
  human: 'user',
  assistant: 'assistant',
  ai: 'assistant',
  bot: 'assistant',
  system: 'system',
  tool: 'tool',
};

/**
 * Reads "Name: text" lines as turns when most lines of the text look like that and two or more
 * names alternate, so conversations stored as plain documents still resolve their speakers.
 */
export function parseTranscript(text: string): ConversationTurn[] | null {
  const lines = text.split(/\n/).filter((l) => l.trim() !== '');
  if (lines.length < 2) return null;
  const turns: ConversationTurn[] = [];
  let matched = 0;
  for (const line of lines) {
    const m = TRANSCRIPT_LINE.exec(line);
    if (m) {
      matched++;
      const label = m[1].trim();
      const role = ROLE_NAMES[label.toLowerCase()];
      turns.push(role ? { role: role as ConversationTurn['role'], content: m[2] } : { role: 'user', name: label, content: m[2] });
    } else if (turns.length > 0) {
      turns[turns.length - 1].content += `\n${line}`;
    }
  }
  const names = new Set(turns.map((t) => t.name ?? t.role));
  // "Employer: Acme / Lives in: Hilo" is a card of fields, not people speaking.
  if ([...names].some((name) => isFieldLabel(name))) return null;
  // "Owner: Dana Whitfield" gives who has a role; someone speaking says more than a name.
  if (turns.some((t) => t.name && isRoleField(t.name, t.content))) return null;
  return matched / lines.length >= 0.6 && names.size >= 2 ? turns : null;
}

const NAME = "[A-Z][\\p{L}'-]+(?: [A-Z][\\p{L}'-]+)?";
const STRONG_INTRODUCTION = new RegExp(`\\b(?:[Mm]y name(?:'s| is)|[Cc]all me|I go by)\\s+(${NAME})`, 'u');
const I_AM = new RegExp(
  `(?:^|[.!?,:]\\s+|^(?:[Hh]i|[Hh]ello|[Hh]ey)[,!.]?\\s+)(?:I'm|I am|[Tt]his is)\\s+(${NAME})(?=\\s*(?:[,.!;:)-]|$|\\b(?:and|here|from|btw|by|lol|haha|tbh|fyi)\\b))`,
  'u',
);
/** Capitalised words that follow "I'm" without being a name. */
const NOT_A_NAME =
  /^(?:I|OK|Okay|Fine|Good|Great|Sorry|Back|Here|Home|Done|Ready|Sure|Not|So|Just|Also|Still|Now|The|A|An|Very|Really|Christian|Muslim|Jewish|Buddhist|Hindu|Catholic|Atheist|American|Canadian|British|English|French|German|Italian|Spanish|Mexican|Indian|Chinese|Japanese|Korean|Irish|Scottish|Welsh|Australian|Brazilian|Dutch|Swedish|Polish|Russian|Greek|Turkish|African|Asian|European|Latino|Latina|Vegan|Vegetarian)\b|(?:ese|ish)$/u;

/** The name a speaker gives for themselves ("I'm Priya Raman", "my name is Alice"), if any. */
export function selfIntroducedName(text: string): string | null {
  // Lowercase chat: "hi! i'm Dilnoza btw", "im Dilnoza".
  const normalized = text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\b(?:i'm|im)\b/gi, "I'm")
    .replace(/\bi am\b/g, 'I am');
  const name = (STRONG_INTRODUCTION.exec(normalized) ?? I_AM.exec(normalized))?.[1]?.trim();
  if (!name || NOT_A_NAME.test(name.split(' ')[0])) return null;
  return name;
}

/**
 * Unnamed user turns named after the name the user gives for themselves anywhere in the
 * conversation, else after `knownName` (the name the user gave before), so what the user says is
 * remembered of them by name.
 */
export function nameTheUser(turns: ConversationTurn[], knownName: string | null = null): ConversationTurn[] {
  let name = knownName;
  for (const turn of turns) {
    if (turn.role !== 'user' || turn.name?.trim()) continue;
    name = selfIntroducedName(turn.content) ?? name;
  }
  if (!name) return turns;
  return turns.map((turn) => (turn.role === 'user' && !turn.name?.trim() ? { ...turn, name } : turn));
}

/** Who said a turn, in the words a memory should use for them. */
export function speakerOf(turn: ConversationTurn): string | null {
  if (turn.name?.trim()) return turn.name.trim();
  if (turn.role === 'user') return 'the user';
  if (turn.role === 'assistant') return 'the assistant';
  return null;
}

/**
 * The units the offline extractor reads. Unnamed assistant, system and tool turns are skipped: they
 * restate or instruct rather than tell facts about anyone.
 */
export function utterancesOf(input: ExtractionInput): Utterance[] {
  const documentDate = validDate(input.documentDate ?? null);
  const given = input.turns?.length ? input.turns : parseTranscript(input.text);
  if (!given) {
    return [{ text: input.text, speaker: null, listener: null, author: authorOf(input.text), date: documentDate, turnIndex: null }];
  }
  const turns = nameTheUser(given);
  const speakers = [...new Set(turns.map(speakerOf).filter((s): s is string => s !== null))];
  return turns.flatMap((turn, index) => {
    if (turn.role === 'system' || turn.role === 'tool') return [];
    if (turn.role === 'assistant' && !turn.name?.trim()) return [];
    const speaker = speakerOf(turn);
    return [
      {
        text: turn.content,
        speaker,
        listener: listenerOf(turns, index, speaker, speakers),
        author: null,
        date: validDate(turn.date ? new Date(turn.date) : null) ?? documentDate,
        turnIndex: index,
      },
    ];
  });
}

/**
 * The name a document's writer gives for themselves on a line of their own text ("I'm Rosa
 * Lindqvist, a midwife in Uppsala", "My name is Tom and this is my blog"), not in a quotation.
 */
function authorOf(text: string): string | null {
  for (const line of text.split('\n')) {
    const plain = line.replace(/^[\s>#*_-]+/, '');
    if (/^["“‘'«]/.test(plain)) continue;
    const name = selfIntroducedName(plain);
    if (name) return name;
  }
  return null;
}

function listenerOf(turns: ConversationTurn[], index: number, speaker: string | null, speakers: string[]): string | null {
  const others = speakers.filter((s) => s !== speaker);
  if (others.length === 1) return others[0] === 'the assistant' ? null : others[0];
  for (let i = index - 1; i >= 0; i--) {
    const previous = speakerOf(turns[i]);
    if (previous && previous !== speaker && previous !== 'the assistant') return previous;
  }
  return null;
}

function validDate(date: Date | null): Date | null {
  return date && !Number.isNaN(date.getTime()) ? date : null;
}
