import { describe, expect, it } from 'vitest';
import { isPlaceholder, looksLikeSchema, LlmOutputError, readJsonReply, withoutReasoning } from './json-reply.js';

const read = (text: string | null, expectedKeys: string[] = ['memories']) => readJsonReply(text, { expectedKeys });
const failure = (text: string | null) => {
  try {
    read(text);
  } catch (error) {
    if (error instanceof LlmOutputError) return error.reason;
    throw error;
  }
  return 'read';
};

describe('readJsonReply', () => {
  const answer = { memories: [{ content: 'Ana is a nurse' }, { content: 'Ana lives in Oslo' }] };
  const text = JSON.stringify(answer);

  it('reads a bare JSON reply', () => {
    expect(read(text)).toEqual({ value: answer, truncated: false });
    expect(read(JSON.stringify([1, 2]))).toEqual({ value: [1, 2], truncated: false });
  });

  it('finds the JSON in a markdown fence, with or without prose around it', () => {
    expect(read('```json\n' + text + '\n```').value).toEqual(answer);
    expect(read('```\n' + text + '\n```').value).toEqual(answer);
    expect(read('Here you go:\n\n```JSON\n' + text + '\n```\n\nAnything else?').value).toEqual(answer);
  });

  it('finds the JSON among prose, preferring the object with the expected key, else the largest', () => {
    expect(read(`Sure! Based on the text [1], here: ${text} Hope that helps {smile}.`).value).toEqual(answer);
    expect(read(`For example {"memories": []} is empty; the answer: ${text}`).value).toEqual(answer);
    expect(read('Scores: [1] then {"scores": [{"index": 0, "score": 7}]}', []).value).toEqual({ scores: [{ index: 0, score: 7 }] });
  });

  it('drops reasoning blocks before, around and inside the reply', () => {
    expect(read(`<think>\nThe user wants {"memories": []}\n</think>\n${text}`).value).toEqual(answer);
    expect(read(`<think>a</think>${text}<think>b</think>`).value).toEqual(answer);
    expect(read(`<THINKING>x</THINKING>${text}`).value).toEqual(answer);
    expect(read(`the start of the block was in the prompt {"memories": []}</think>${text}`).value).toEqual(answer);
    expect(read(`${text}<|im_end|>`).value).toEqual(answer);
  });

  it('keeps the complete items of a reply cut mid-array, mid-item or mid-string', () => {
    const cutInItem = text.slice(0, text.indexOf('Oslo'));
    expect(read(cutInItem)).toEqual({ value: { memories: [{ content: 'Ana is a nurse' }] }, truncated: true });
    const cutAfterItem = text.slice(0, text.indexOf('},') + 2);
    expect(read(cutAfterItem)).toEqual({ value: { memories: [{ content: 'Ana is a nurse' }] }, truncated: true });
    expect(read('{"memories": [{"content": "Ana is')).toEqual({ value: { memories: [] }, truncated: true });
    expect(read('{"memories": [{"content": "Ana", "confidence": 0.')).toEqual({ value: { memories: [] }, truncated: true });
    expect(read('{"memories": [{"content": "Ana", "isStatic": tr')).toEqual({ value: { memories: [] }, truncated: true });
    expect(read('```json\n{"memories": [{"content": "Ana is a nurse"}, {"con')).toEqual({
      value: { memories: [{ content: 'Ana is a nurse' }] },
      truncated: true,
    });
  });

  it('forgives what models get wrong: trailing commas, Python literals, unquoted keys, raw line breaks', () => {
    expect(read('{"memories": [{"content": "a", "isStatic": True, "x": None,},],}').value).toEqual({ memories: [{ content: 'a', isStatic: true, x: null }] });
    expect(read('{memories: [{content: "a"}]}').value).toEqual({ memories: [{ content: 'a' }] });
    expect(read('{"memories": [{"content": "line one\nline two"}]}').value).toEqual({ memories: [{ content: 'line one\nline two' }] });
    expect(read('{"a": "\\u00e9\\n\\"q\\""}', []).value).toEqual({ a: 'é\n"q"' });
  });

  it('reads a bare scalar only when the reply is nothing else', () => {
    expect(read('true', []).value).toBe(true);
    expect(read(' "yes" ', []).value).toBe('yes');
    expect(failure('The answer is true.')).toBe('unreadable_reply');
  });

  it('recognises an echo of the schema and skips it for the answer beside it', () => {
    const schema = {
      type: 'object',
      properties: { memories: { type: 'array', items: { type: 'object', properties: { content: { type: 'string' } } } } },
      required: ['memories'],
    };
    expect(failure(JSON.stringify(schema))).toBe('schema_echo');
    expect(failure(JSON.stringify({ name: 'memories', schema, strict: true }))).toBe('schema_echo');
    expect(failure(JSON.stringify({ memories: { type: 'array', items: { type: 'object' } } }))).toBe('schema_echo');
    expect(read(`${JSON.stringify(schema)}\n\n${text}`).value).toEqual(answer);
  });

  it('says why there is nothing to read, never quoting the reply', () => {
    expect(failure(null)).toBe('empty_reply');
    expect(failure('  ')).toBe('empty_reply');
    expect(failure('<think>The user said their PIN is 1234 and')).toBe('empty_reply');
    expect(failure('I am sorry, I cannot find any memories about Ana.')).toBe('unreadable_reply');
    try {
      read('I am sorry, I cannot find any memories about Ana.');
    } catch (error) {
      expect((error as Error).message).not.toMatch(/Ana|sorry/);
    }
  });

  it('survives hostile input: deep nesting, many brackets, a huge reply', () => {
    expect(failure('['.repeat(10_000))).toBe('unreadable_reply');
    expect(failure('{ ['.repeat(5_000) + 'x')).toBe('unreadable_reply');
    expect(failure('x'.repeat(2_000_000) + text)).toBe('unreadable_reply');
  });
});

describe('withoutReasoning', () => {
  it('keeps the text outside reasoning blocks', () => {
    expect(withoutReasoning('<think>a</think>b<reasoning>c</reasoning>d').replace(/\s+/g, '')).toBe('bd');
    expect(withoutReasoning('a<think>never closed')).toBe('a');
  });
});

describe('looksLikeSchema and isPlaceholder', () => {
  it('tells a schema from an answer', () => {
    expect(looksLikeSchema({ type: 'string', description: 'x' })).toBe(true);
    expect(looksLikeSchema({ $schema: 'http://json-schema.org/draft-07/schema#' })).toBe(true);
    expect(looksLikeSchema({ relevant: { type: 'boolean' } })).toBe(true);
    expect(looksLikeSchema({ relevant: true })).toBe(false);
    expect(looksLikeSchema({ type: 'event', content: 'Ana moved' })).toBe(false);
    expect(looksLikeSchema({})).toBe(false);
  });

  it('tells a placeholder from a value', () => {
    for (const p of ['string', '<fact>', '...', 'YYYY-MM-DD', 'boolean', 'string | null', '{{name}}', 'ISO date']) expect(isPlaceholder(p)).toBe(true);
    for (const v of ['Ana is a nurse', 'Strings quartet', '2024-05-01', 'Nullarbor']) expect(isPlaceholder(v)).toBe(false);
  });
});
