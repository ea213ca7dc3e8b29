import { formatMb, type Budget } from './limits.js';
import { ConversionError } from './types.js';
import { assertSafeXml, parseXml, type XmlNode } from './xml.js';
import type { ZipArchive } from './zip.js';

const XML_PART = /\.(xml|rels|opf|ncx|xhtml|html|htm|svg)$/i;

/** Refuses an XML part too large to parse into a tree, before reading it. */
export function assertXmlPartSize(zip: ZipArchive, name: string, budget: Budget): void {
  const size = zip.size(name);
  if (size > budget.limits.maxXmlPartBytes) {
    throw new ConversionError(`${name} is ${formatMb(size)} of XML, more than the ${formatMb(budget.limits.maxXmlPartBytes)} allowed`);
  }
}

/** Reads and parses one XML part of a container within the budget. */
export async function readXml(zip: ZipArchive, name: string, budget: Budget): Promise<XmlNode[]> {
  assertXmlPartSize(zip, name, budget);
  const text = await zip.text(name, budget);
  return parseXml(text, budget.limits.maxXmlDepth, name);
}

export async function readXmlIfPresent(zip: ZipArchive, name: string, budget: Budget): Promise<XmlNode[] | null> {
  return zip.has(name) ? readXml(zip, name, budget) : null;
}

/**
 * Inflates every entry once under the caps and checks every XML part, before
 * the container goes to a parser that would inflate it unbounded (mammoth,
 * SheetJS): what they then read is exactly what was checked here. Parts
 * matching `treeParts` are also held to maxXmlPartBytes.
 */
export async function verifyArchive(zip: ZipArchive, budget: Budget, treeParts: RegExp | null = null): Promise<void> {
  for (const name of zip.names()) {
    if (treeParts?.test(name)) assertXmlPartSize(zip, name, budget);
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
