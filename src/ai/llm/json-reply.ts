/**
 * Reading JSON out of what a chat model actually returns. Servers that honour `response_format`
 * answer with a bare JSON object; small local models, and servers that ignore the format, wrap it
 * in a markdown fence, put prose or a `<think>` block around it, run out of tokens in the middle of
 * it, echo the schema they were given, or write `True` and trailing commas. Every feature that asks
 * a model for JSON reads the reply here.
 */

/** Why a reply could not be used; fixed words, never the reply itself (they end up in logs). */
export type OutputFailure = 'refused' | 'empty_reply' | 'unreadable_reply' | 'schema_echo' | 'truncated' | 'unusable_reply';

/** The model answered, but not with anything we can use. The message never quotes the reply. */
export class LlmOutputError extends Error {
  constructor(
    readonly reason: OutputFailure,
    message: string,
  ) {
    super(message);
    this.name = 'LlmOutputError';
  }
}

export interface JsonReply {
  value: unknown;
  /** The JSON was cut short (the text ended inside it): only its complete items were kept. */
  truncated: boolean;
}

export interface ReadOptions {
  /** Keys the answer's top-level object has; a candidate with one of them is preferred over other JSON in the reply. */
  expectedKeys?: readonly string[];
}

/** Longest reply read; the rest is treated as cut off. */
const MAX_CHARS = 1_000_000;
/** Openings (`{`, `[`) tried before giving up on a reply of prose full of brackets. */
const MAX_STARTS = 2_000;
/** Characters read over all openings tried: prose of nested brackets cannot make a reply costly to read. */
const MAX_SCANNED = 20_000_000;
const MAX_DEPTH = 64;

/**
 * The JSON answer in a model's reply: reasoning blocks removed, the value found among prose and
 * fences, a cut-off value kept with its complete items, schema echoes skipped. Throws
 * `LlmOutputError` when nothing usable is there.
 */
export function readJsonReply(text: string | null | undefined, options: ReadOptions = {}): JsonReply {
  if (typeof text !== 'string' || text.trim() === '') throw new LlmOutputError('empty_reply', 'the model sent an empty reply');
  const answer = withoutReasoning(text.length > MAX_CHARS ? text.slice(0, MAX_CHARS) : text);
  if (answer.trim() === '') throw new LlmOutputError('empty_reply', 'the reply held reasoning and no answer');
  const candidates = jsonValuesIn(answer);
  const answers = candidates.filter((c) => !looksLikeSchema(c.value));
  if (candidates.length > 0 && answers.length === 0) throw new LlmOutputError('schema_echo', 'the model echoed the JSON schema instead of answering');
  const chosen = choose(answers, options.expectedKeys ?? []);
  if (!chosen) throw new LlmOutputError('unreadable_reply', 'the reply holds no JSON');
  return { value: chosen.value, truncated: !chosen.complete };
}

const REASONING_TAGS = 'think|thinking|reasoning|reflection|scratchpad';

/** The reply without reasoning: closed blocks anywhere, an answer after a lone closing tag, nothing after an unclosed opening one. */
export function withoutReasoning(text: string): string {
  let answer = text.replace(new RegExp(`<(${REASONING_TAGS})>[\\s\\S]*?</\\1\\s*>`, 'gi'), ' ');
  // Some chat templates open the block in the prompt, so the reply holds only its end.
  const closing = [...answer.matchAll(new RegExp(`</(?:${REASONING_TAGS})\\s*>`, 'gi'))].at(-1);
  if (closing) answer = answer.slice(closing.index + closing[0].length);
  // An unclosed block ran out of tokens: nothing after it is an answer.
  const opening = new RegExp(`<(?:${REASONING_TAGS})>`, 'i').exec(answer);
  if (opening) answer = answer.slice(0, opening.index);
  // Special tokens a server left in (<|im_end|>, <|eot_id|>).
  return answer.replace(/<\|[^|<>]{1,40}\|>/g, ' ');
}

interface Candidate {
  value: unknown;
  complete: boolean;
  span: number;
}

/** Every JSON object or array in the text, in order; a bare scalar when the text is nothing else. */
function jsonValuesIn(text: string): Candidate[] {
  const found: Candidate[] = [];
  let starts = 0;
  let scanned = 0;
  const parser = new LenientJson(text);
  for (let i = 0; i < text.length && starts < MAX_STARTS && scanned < MAX_SCANNED; i++) {
    const ch = text[i];
    if (ch !== '{' && ch !== '[') continue;
    starts++;
    const parsed = parser.valueAt(i);
    scanned += parser.reached - i;
    if (!parsed) continue;
    found.push({ value: parsed.value, complete: parsed.complete, span: parsed.end - i });
    if (!parsed.complete) break;
    i = parsed.end - 1;
  }
  if (found.length === 0) {
    const trimmed = text.trim();
    const parser = new LenientJson(trimmed);
    const scalar = parser.valueAt(0);
    if (scalar?.complete && scalar.end === trimmed.length) found.push({ value: scalar.value, complete: true, span: trimmed.length });
  }
  return found;
}

/** The answer among the JSON values: the largest with an expected key, else the largest (an example in prose is smaller than the answer). */
function choose(candidates: Candidate[], expectedKeys: readonly string[]): Candidate | undefined {
  const keyed = candidates.filter((c) => isObject(c.value) && expectedKeys.some((key) => key in (c.value as object)));
  return largest(keyed) ?? largest(candidates);
}

const largest = (candidates: Candidate[]) => candidates.reduce<Candidate | undefined>((best, c) => (!best || c.span > best.span ? c : best), undefined);

const TYPE_NAMES = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']);
const SCHEMA_KEYWORDS = new Set([
  'type',
  'properties',
  'items',
  'required',
  'additionalProperties',
  'description',
  'enum',
  'const',
  'title',
  'format',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'pattern',
  'default',
  'examples',
  'anyOf',
  'oneOf',
  'allOf',
  'nullable',
  '$defs',
  'definitions',
  '$ref',
  'strict',
]);

/** A JSON schema, or the wrapper it was sent in, or a map of property schemas: what a model echoes instead of answering. */
export function looksLikeSchema(value: unknown): boolean {
  if (!isObject(value)) return false;
  const keys = Object.keys(value);
  if (keys.length === 0) return false;
  if ('$schema' in value) return true;
  if (value.type === 'json_schema' && isObject(value.json_schema)) return true;
  if ('schema' in value && looksLikeSchema(value.schema) && keys.every((k) => ['name', 'schema', 'strict', 'description'].includes(k))) return true;
  const type = value.type;
  const typed = typeof type === 'string' ? TYPE_NAMES.has(type) : Array.isArray(type) && type.length > 0 && type.every((t) => TYPE_NAMES.has(t));
  if (typed && keys.every((k) => SCHEMA_KEYWORDS.has(k))) return true;
  // {"memories": {"type": "array", "items": …}}: the schema's properties without their wrapper.
  return keys.every((k) => looksLikeSchema(value[k]));
}

/** Words a model writes where a value belongs when it fills in the schema instead of the source: "string", "<name>", "YYYY-MM-DD". */
export function isPlaceholder(text: string): boolean {
  const t = text.trim();
  return /^(?:<[^<>]{0,60}>|\{\{[^{}]{0,60}\}\}|\.{2,}|…|string|str|text|boolean|bool|true\s*[|/]\s*false|number|integer|int|float|null|none|n\/a|array|object|(?:string|null)\s*[|/]\s*(?:string|null)|y{4}(?:-mm(?:-dd)?)?(?:t.*)?|iso[ -]?(?:8601)?(?: date| instant| timestamp)?)$/i.test(
    t,
  );
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

interface Parsed {
  value: unknown;
  /** Index just past the value. */
  end: number;
  /** False when the text ended inside the value. */
  complete: boolean;
}

/**
 * A JSON reader that forgives what models get wrong and keeps what a cut-off reply completed:
 * trailing commas, `True`/`False`/`None`, unquoted keys and raw line breaks in strings are read;
 * at the end of the text an array keeps its complete items and an object its complete fields (and
 * the array or object it was filling), while a cut string, number or item is dropped.
 */
class LenientJson {
  private pos = 0;
  private depth = 0;

  constructor(private readonly text: string) {}

  /** How far the last read got, whether it succeeded or not. */
  get reached(): number {
    return this.pos;
  }

  /** The value starting at `start`; null on a syntax error. */
  valueAt(start: number): Parsed | null {
    this.pos = start;
    this.depth = 0;
    const parsed = this.value();
    return parsed ? { ...parsed, end: this.pos } : null;
  }

  private get ended(): boolean {
    return this.pos >= this.text.length;
  }

  private skipSpace(): void {
    while (!this.ended && /\s/.test(this.text[this.pos])) this.pos++;
  }

  private value(): { value: unknown; complete: boolean } | null {
    this.skipSpace();
    if (this.ended) return { value: undefined, complete: false };
    const ch = this.text[this.pos];
    if (ch === '{' || ch === '[') {
      if (++this.depth > MAX_DEPTH) return null;
      const parsed = ch === '{' ? this.object() : this.array();
      this.depth--;
      return parsed;
    }
    if (ch === '"') return this.string();
    if (ch === '-' || (ch >= '0' && ch <= '9')) return this.number();
    return this.literal();
  }

  private object(): { value: unknown; complete: boolean } | null {
    this.pos++;
    const object: Record<string, unknown> = {};
    for (;;) {
      this.skipSpace();
      if (this.ended) return { value: object, complete: false };
      if (this.text[this.pos] === '}') {
        this.pos++;
        return { value: object, complete: true };
      }
      const key = this.key();
      if (!key) return null;
      if (!key.complete) return { value: object, complete: false };
      this.skipSpace();
      if (this.ended) return { value: object, complete: false };
      if (this.text[this.pos] !== ':') return null;
      this.pos++;
      const member = this.value();
      if (!member) return null;
      const container = typeof member.value === 'object' && member.value !== null;
      if (member.complete || container) {
        if (key.value !== '__proto__') object[key.value] = member.value;
      }
      if (!member.complete) return { value: object, complete: false };
      this.skipSpace();
      if (this.ended) return { value: object, complete: false };
      const next = this.text[this.pos];
      if (next === ',') this.pos++;
      else if (next !== '}') return null;
    }
  }

  private key(): { value: string; complete: boolean } | null {
    if (this.text[this.pos] === '"') {
      const parsed = this.string();
      return { value: parsed.value, complete: parsed.complete };
    }
    const bare = /^[A-Za-z_$][\w$-]*/.exec(this.text.slice(this.pos, this.pos + 200));
    if (!bare) return null;
    this.pos += bare[0].length;
    return { value: bare[0], complete: !this.ended };
  }

  private array(): { value: unknown; complete: boolean } | null {
    this.pos++;
    const array: unknown[] = [];
    for (;;) {
      this.skipSpace();
      if (this.ended) return { value: array, complete: false };
      if (this.text[this.pos] === ']') {
        this.pos++;
        return { value: array, complete: true };
      }
      const item = this.value();
      if (!item) return null;
      if (!item.complete) return { value: array, complete: false };
      array.push(item.value);
      this.skipSpace();
      if (this.ended) return { value: array, complete: false };
      const next = this.text[this.pos];
      if (next === ',') this.pos++;
      else if (next !== ']') return null;
    }
  }

  private string(): { value: string; complete: boolean } {
    this.pos++;
    let out = '';
    while (!this.ended) {
      const ch = this.text[this.pos++];
      if (ch === '"') return { value: out, complete: true };
      if (ch !== '\\') {
        out += ch;
        continue;
      }
      if (this.ended) break;
      const escaped = this.text[this.pos++];
      if (escaped === 'u') {
        const hex = this.text.slice(this.pos, this.pos + 4);
        if (hex.length < 4) break;
        this.pos += 4;
        out += /^[0-9a-fA-F]{4}$/.test(hex) ? String.fromCharCode(parseInt(hex, 16)) : hex;
      } else {
        out += ESCAPES[escaped] ?? escaped;
      }
    }
    return { value: out, complete: false };
  }

  private number(): { value: unknown; complete: boolean } | null {
    const match = /^-?\d*\.?\d*(?:[eE][+-]?\d*)?/.exec(this.text.slice(this.pos, this.pos + 400))![0];
    this.pos += match.length;
    // A number that runs to the end of the text may have been cut ("0.", "12" of "125").
    if (this.ended) return { value: undefined, complete: false };
    return /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(match) ? { value: Number(match), complete: true } : null;
  }

  private literal(): { value: unknown; complete: boolean } | null {
    const rest = this.text.slice(this.pos, this.pos + 5);
    for (const [word, value] of LITERALS) {
      if (rest.startsWith(word)) {
        this.pos += word.length;
        return { value, complete: true };
      }
      if (word.startsWith(rest) && this.pos + rest.length >= this.text.length) {
        this.pos = this.text.length;
        return { value: undefined, complete: false };
      }
    }
    return null;
  }
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '"': '"', '\\': '\\', '/': '/' };
const LITERALS: [string, unknown][] = [
  ['true', true],
  ['false', false],
  ['null', null],
  ['True', true],
  ['False', false],
  ['None', null],
];
