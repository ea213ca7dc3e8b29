import type { Budget } from './limits.js';
import { assertSafeXml, parseXml, type XmlNode } from './xml.js';
import type { ZipArchive } from './zip.js';

const XML_PART = /\.(xml|rels|opf|ncx|xhtml|html|htm|svg)$/i;

/** Reads and parses one XML part of a container within the budget. */
export async function readXml(zip: ZipArchive, name: string, budget: Budget): Promise<XmlNode[]> {
  const text = await zip.text(name, budget);
  return parseXml(text, budget.limits.maxXmlDepth, name);
}

export async function readXmlIfPresent(zip: ZipArchive, name: string, budget: Budget): Promise<XmlNode[] | null> {
  return zip.has(name) ? readXml(zip, name, budget) : null;
}

/**
 * Inflates every entry once under the caps and checks every XML part, before
 * the container goes to a parser that would inflate it unbounded (mammoth,
 * SheetJS): what they then read is exactly what was checked here.
 */
export async function verifyArchive(zip: ZipArchive, budget: Budget): Promise<void> {
  for (const name of zip.names()) {
    if (XML_PART.test(name)) assertSafeXml(await zip.text(name, budget), budget.limits.maxXmlDepth, name);
    else await zip.read(name, budget);
  }
}

/** Resolves a relationship or href target against the part that holds it ('word/document.xml' + 'media/a.png'). */
export function resolvePartPath(fromPart: string, target: string): string {
  const clean = decodeURIComponentSafe(target.split('#')[0]!.split('?')[0]!);
  const segments = clean.startsWith('/') ? [] : fromPart.split('/').slice(0, -1);
  for (const segment of clean.split('/')) {
    if (segment === '..') segments.pop();
    else if (segment !== '.' && segment !== '') segments.push(segment);
  }
  return segments.join('/');
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
