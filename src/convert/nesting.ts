import { Parser } from 'htmlparser2';
import { ConversionError } from './types.js';

const OPEN_BRACKET = 0x5b; // [
const CLOSE_BRACKET = 0x5d; // ]
const OPEN_BRACE = 0x7b; // {
const CLOSE_BRACE = 0x7d; // }
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * Refuses JSON whose arrays and objects nest deeper than `maxDepth`, reading the text once
 * without parsing it: rendering, serializing and walking a value recurse once per level, and a
 * file of a million brackets would exhaust the stack.
 */
export function assertJsonDepth(text: string, maxDepth: number): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      if (++depth > maxDepth) throw new ConversionError(`JSON nested deeper than ${maxDepth} levels`);
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) {
      depth--;
    }
  }
}

/**
 * Whether an error is recursion that ran out of stack (V8's RangeError, or its message passed on
 * by a library that wraps it): nesting that no bound caught.
 */
export function isStackOverflow(error: unknown): boolean {
  return error instanceof Error && /maximum call stack size exceeded/i.test(error.message);
}

class TooDeep extends Error {}

/**
 * Refuses HTML whose elements nest deeper than `maxDepth`, before a tree is built: the tree's
 * parser (linkedom, over this same htmlparser2 tokenizer, so with the same implied end tags and
 * void elements) slows down with depth, and Readability and turndown recurse once per level.
 */
export function assertHtmlDepth(html: string, maxDepth: number): void {
  let depth = 0;
  const parser = new Parser(
    {
      onopentag() {
        if (++depth > maxDepth) throw new TooDeep();
      },
      onclosetag() {
        depth--;
      },
    },
    { lowerCaseAttributeNames: false, decodeEntities: false, xmlMode: false },
  );
  try {
    parser.end(html);
  } catch (error) {
    if (error instanceof TooDeep) throw new ConversionError(`HTML nested deeper than ${maxDepth} elements`);
    throw error;
  }
}
