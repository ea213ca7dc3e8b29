import { promisify } from 'node:util';
import { inflateRaw, inflateRawSync } from 'node:zlib';
import { formatMb, type Budget, type ConversionLimits } from './limits.js';
import { ConversionError } from './types.js';

const inflateRawAsync = promisify(inflateRaw);

const EOCD = 0x06054b50;
const EOCD64 = 0x06064b50;
const EOCD64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

interface Entry {
  name: string;
  method: number;
  encrypted: boolean;
  compressedSize: number;
  size: number;
  localOffset: number;
}

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

function corrupt(reason: string): ConversionError {
  return new ConversionError(`invalid or corrupt archive: ${reason}`);
}

/**
 * A zip container read from its central directory, with every bound checked
 * before anything is inflated: the entry count, each entry's declared size
 * and the sum of them. Inflating is capped at the declared size, so an entry
 * that lies about its size fails instead of filling memory.
 */
export class ZipArchive {
  private readonly byName = new Map<string, Entry>();
  private readonly reserved = new Set<string>();

  private constructor(
    private readonly view: Buffer,
    private readonly entries: Entry[],
  ) {
    for (const entry of entries) this.byName.set(entry.name.toLowerCase(), entry);
  }

  static open(bytes: Uint8Array, limits: ConversionLimits): ZipArchive {
    const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const { count, offset, size } = readEndOfCentralDirectory(view);
    if (count > limits.maxArchiveEntries) {
      throw new ConversionError(`archive has ${count} entries, more than the ${limits.maxArchiveEntries} allowed`);
    }
    if (offset + size > view.length) throw corrupt('central directory lies past the end of the file (truncated?)');
    const entries = readCentralDirectory(view, offset, count);
    let declared = 0;
    for (const entry of entries) {
      if (entry.size > limits.maxEntryBytes) {
        throw new ConversionError(
          `archive entry ${entry.name} expands to ${formatMb(entry.size)}, more than the ${formatMb(limits.maxEntryBytes)} allowed (possible zip bomb)`,
        );
      }
      declared += entry.size;
    }
    if (declared > limits.maxUncompressedBytes) {
      throw new ConversionError(`archive expands to ${formatMb(declared)}, more than the ${formatMb(limits.maxUncompressedBytes)} allowed (possible zip bomb)`);
    }
    return new ZipArchive(view, entries);
  }

  names(): string[] {
    return this.entries.map((entry) => entry.name);
  }

  /** The declared uncompressed size of an entry (reading enforces it), or 0 if absent. */
  size(name: string): number {
    return this.byName.get(name.toLowerCase())?.size ?? 0;
  }

  /** Part names are case-insensitive in OOXML; lookups here are too. */
  has(name: string): boolean {
    return this.byName.has(name.toLowerCase());
  }

  async read(name: string, budget: Budget): Promise<Uint8Array> {
    const entry = this.entry(name);
    const key = entry.name.toLowerCase();
    if (!this.reserved.has(key)) {
      budget.reserveBytes(entry.size);
      this.reserved.add(key);
    }
    budget.checkTime();
    const raw = this.rawData(entry);
    if (entry.method === STORED) return raw;
    try {
      return checkSize(entry, await inflateRawAsync(raw, { maxOutputLength: Math.max(1, entry.size) }));
    } catch (err) {
      throw inflateError(entry, err);
    }
  }

  async text(name: string, budget: Budget): Promise<string> {
    return decodeXmlText(await this.read(name, budget));
  }

  /** Reads a tiny entry synchronously (the ODF/EPUB `mimetype`), for detection. */
  readSmallSync(name: string, maxBytes: number): Uint8Array | null {
    const entry = this.byName.get(name.toLowerCase());
    if (!entry || entry.size > maxBytes) return null;
    try {
      const raw = this.rawData(entry);
      return entry.method === STORED ? raw : checkSize(entry, inflateRawSync(raw, { maxOutputLength: Math.max(1, entry.size) }));
    } catch {
      return null;
    }
  }

  private entry(name: string): Entry {
    const entry = this.byName.get(name.toLowerCase());
    if (!entry) throw corrupt(`missing part ${name}`);
    if (entry.encrypted) throw new ConversionError(`archive entry ${entry.name} is encrypted`);
    if (entry.method !== STORED && entry.method !== DEFLATED) {
      throw new ConversionError(`archive entry ${entry.name} uses unsupported compression method ${entry.method}`);
    }
    return entry;
  }

  private rawData(entry: Entry): Buffer {
    const at = entry.localOffset;
    if (at + 30 > this.view.length || this.view.readUInt32LE(at) !== LOCAL) {
      throw corrupt(`bad local header for ${entry.name}`);
    }
    const start = at + 30 + this.view.readUInt16LE(at + 26) + this.view.readUInt16LE(at + 28);
    const end = start + entry.compressedSize;
    if (end > this.view.length) throw corrupt(`entry ${entry.name} is cut short (truncated?)`);
    const raw = this.view.subarray(start, end);
    if (entry.method === STORED && raw.length !== entry.size) throw corrupt(`entry ${entry.name} has a wrong size`);
    return raw;
  }
}

function checkSize(entry: Entry, out: Buffer): Buffer {
  if (out.length !== entry.size) throw corrupt(`entry ${entry.name} does not match its declared size`);
  return out;
}

function inflateError(entry: Entry, err: unknown): ConversionError {
  if (err instanceof ConversionError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'ERR_BUFFER_TOO_LARGE') {
    return new ConversionError(`archive entry ${entry.name} inflates past its declared size (possible zip bomb)`);
  }
  return corrupt(`entry ${entry.name} cannot be inflated: ${(err as Error).message}`);
}

/** UTF-8 unless a UTF-16 byte-order mark says otherwise; a UTF-8 BOM is dropped. */
export function decodeXmlText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  return new TextDecoder('utf-8').decode(bytes);
}

function readEndOfCentralDirectory(view: Buffer): { count: number; offset: number; size: number } {
  const floor = Math.max(0, view.length - 22 - 0xffff);
  for (let at = view.length - 22; at >= floor; at--) {
    if (view.readUInt32LE(at) !== EOCD) continue;
    const count = view.readUInt16LE(at + 10);
    const size = view.readUInt32LE(at + 12);
    const offset = view.readUInt32LE(at + 16);
    if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) return readZip64End(view, at);
    return { count, offset, size };
  }
  throw corrupt('no end of central directory (truncated or not a zip file)');
}

function readZip64End(view: Buffer, eocdAt: number): { count: number; offset: number; size: number } {
  const locator = eocdAt - 20;
  if (locator < 0 || view.readUInt32LE(locator) !== EOCD64_LOCATOR) throw corrupt('missing ZIP64 locator');
  const at = Number(view.readBigUInt64LE(locator + 8));
  if (at + 56 > view.length || view.readUInt32LE(at) !== EOCD64) throw corrupt('bad ZIP64 end of central directory');
  return {
    count: Number(view.readBigUInt64LE(at + 32)),
    size: Number(view.readBigUInt64LE(at + 40)),
    offset: Number(view.readBigUInt64LE(at + 48)),
  };
}

function readCentralDirectory(view: Buffer, offset: number, count: number): Entry[] {
  const entries: Entry[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > view.length || view.readUInt32LE(at) !== CENTRAL) throw corrupt('bad central directory');
    const flags = view.readUInt16LE(at + 8);
    const nameLength = view.readUInt16LE(at + 28);
    const extraLength = view.readUInt16LE(at + 30);
    const commentLength = view.readUInt16LE(at + 32);
    const nameBytes = view.subarray(at + 46, at + 46 + nameLength);
    const entry: Entry = {
      name: nameBytes.toString(flags & 0x800 ? 'utf8' : 'latin1'),
      method: view.readUInt16LE(at + 10),
      encrypted: (flags & 1) === 1,
      compressedSize: view.readUInt32LE(at + 20),
      size: view.readUInt32LE(at + 24),
      localOffset: view.readUInt32LE(at + 42),
    };
    applyZip64Extra(entry, view.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength));
    if (!entry.name.endsWith('/')) entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Sizes and offsets that do not fit 32 bits move to the ZIP64 extra field, in this order. */
function applyZip64Extra(entry: Entry, extra: Buffer): void {
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      let field = at + 4;
      const next = (): number | null => {
        if (field + 8 > at + 4 + length || field + 8 > extra.length) return null;
        const value = Number(extra.readBigUInt64LE(field));
        field += 8;
        return value;
      };
      if (entry.size === 0xffffffff) entry.size = next() ?? entry.size;
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = next() ?? entry.compressedSize;
      if (entry.localOffset === 0xffffffff) entry.localOffset = next() ?? entry.localOffset;
      return;
    }
    at += 4 + length;
  }
}
