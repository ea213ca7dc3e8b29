import { XMLParser } from 'fast-xml-parser';
import { ConversionError } from './types.js';

/** One node of fast-xml-parser's ordered output: `{tag: children, ':@': attributes}` or `{'#text': text}`. */
export type XmlNode = Record<string, unknown>;

const ATTRS = ':@';
const TEXT = '#text';

/**
 * Refuses XML that could blow up whoever parses it, in one linear pass and
 * before any parser sees it: entity declarations (billion laughs, external
 * entities) and element nesting deeper than `maxDepth` (stack exhaustion).
 * A plain `<!DOCTYPE html>` without an internal subset is allowed.
 */
export function assertSafeXml(xml: string, maxDepth: number, part: string): void {
  let depth = 0;
  let at = xml.indexOf('<');
  while (at !== -1) {
    const next = xml.charCodeAt(at + 1);
    if (next === 0x2f /* / */) {
      depth--;
    } else if (next === 0x3f /* ? */) {
      at = skipPast(xml, '?>', at);
    } else if (next === 0x21 /* ! */) {
      if (xml.startsWith('<!--', at)) at = skipPast(xml, '-->', at);
      else if (xml.startsWith('<![CDATA[', at)) at = skipPast(xml, ']]>', at);
      else {
        const end = xml.indexOf('>', at);
        const declaration = xml.slice(at, end === -1 ? xml.length : end);
        if (/^<!DOCTYPE/i.test(declaration) && !declaration.includes('[')) at = end;
        else throw new ConversionError(`${part}: XML entity or DTD declarations are not allowed`);
      }
    } else {
      const end = tagEnd(xml, at);
      if (xml.charCodeAt(end - 1) !== 0x2f /* / */ && ++depth > maxDepth) {
        throw new ConversionError(`${part}: XML nested deeper than ${maxDepth} levels`);
      }
      at = end;
    }
    if (at === -1) break;
    at = xml.indexOf('<', at + 1);
  }
}

function skipPast(xml: string, marker: string, from: number): number {
  const end = xml.indexOf(marker, from);
  return end === -1 ? -1 : end + marker.length - 1;
}

/** Index of the `>` closing the tag that opens at `from`, skipping quoted attribute values. */
function tagEnd(xml: string, from: number): number {
  let quote = 0;
  for (let i = from + 1; i < xml.length; i++) {
    const c = xml.charCodeAt(i);
    if (quote) {
      if (c === quote) quote = 0;
    } else if (c === 0x22 || c === 0x27) {
      quote = c;
    } else if (c === 0x3e) {
      return i;
    }
  }
  return xml.length;
}

/** Parses XML already checked by assertSafeXml; only the predefined and numeric entities are decoded. */
export function parseXml(xml: string, maxDepth: number, part: string): XmlNode[] {
  assertSafeXml(xml, maxDepth, part);
  const parser = new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: '',
    trimValues: false,
    parseTagValue: false,
    parseAttributeValue: false,
    processEntities: true,
    // Also turns on numeric character references; the named HTML ones are fixed single characters.
    htmlEntities: true,
    ignoreDeclaration: true,
    ignorePiTags: true,
    maxNestedTags: maxDepth + 1,
  });
  try {
    return parser.parse(xml) as XmlNode[];
  } catch (err) {
    throw new ConversionError(`${part}: malformed XML: ${(err as Error).message}`, { cause: err });
  }
}

/** The element name without its namespace prefix ('a:t' → 't'), or null for a text node. */
export function localName(node: XmlNode): string | null {
  for (const key of Object.keys(node)) {
    if (key === ATTRS || key === TEXT) continue;
    const colon = key.indexOf(':');
    return colon === -1 ? key : key.slice(colon + 1);
  }
  return null;
}

export function children(node: XmlNode): XmlNode[] {
  for (const key of Object.keys(node)) {
    if (key !== ATTRS && key !== TEXT) return (node[key] as XmlNode[]) ?? [];
  }
  return [];
}

export function attr(node: XmlNode, name: string): string | undefined {
  const attrs = node[ATTRS] as Record<string, string> | undefined;
  return attrs?.[name];
}

export function isText(node: XmlNode): boolean {
  return TEXT in node;
}

export function textValue(node: XmlNode): string {
  return String(node[TEXT] ?? '');
}

/** Direct children with the given local name. */
export function childrenNamed(node: XmlNode, name: string): XmlNode[] {
  return children(node).filter((child) => localName(child) === name);
}

export function child(node: XmlNode, name: string): XmlNode | undefined {
  return children(node).find((c) => localName(c) === name);
}

/** Every descendant (document order) with the given local name, not looking inside matches. */
export function findAll(nodes: XmlNode[], name: string, out: XmlNode[] = []): XmlNode[] {
  for (const node of nodes) {
    if (localName(node) === name) out.push(node);
    else findAll(children(node), name, out);
  }
  return out;
}

export function find(nodes: XmlNode[], name: string): XmlNode | undefined {
  for (const node of nodes) {
    if (localName(node) === name) return node;
    const found = find(children(node), name);
    if (found) return found;
  }
  return undefined;
}

/** All text below a node, concatenated in document order. */
export function allText(node: XmlNode): string {
  if (isText(node)) return textValue(node);
  return children(node).map(allText).join('');
}
