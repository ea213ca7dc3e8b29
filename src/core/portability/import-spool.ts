import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { appendFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { readLines, type LineLimits, type NumberedLine } from './ndjson.js';

/**
 * An import's files on disk, in a directory of its own that `dispose()` deletes: the body as
 * received (so it is read from the client once, checked whole, and written afterwards at the
 * database's pace) and the undo log of what the import wrote.
 */
export class ImportSpool {
  private constructor(
    private readonly dir: string,
    private readonly limits: LineLimits,
  ) {}

  static async open(root: string, limits: LineLimits): Promise<ImportSpool> {
    await mkdir(root, { recursive: true });
    return new ImportSpool(await mkdtemp(join(root, 'engram-import-')), limits);
  }

  private get bodyFile(): string {
    return join(this.dir, 'body.ndjson');
  }

  private get undoFile(): string {
    return join(this.dir, 'undo.log');
  }

  /**
   * Lines of the body as it arrives, each also written to the spool file; `check` reads them all
   * (the limits hold as they stream), and the file is complete once it returns.
   */
  async receive<T>(body: AsyncIterable<Uint8Array>, check: (lines: AsyncIterator<NumberedLine>) => Promise<T>): Promise<T> {
    const out = createWriteStream(this.bodyFile, { flags: 'wx' });
    out.on('error', () => undefined);
    try {
      const result = await check(readLines(copyTo(body, out), this.limits));
      out.end();
      await finished(out);
      return result;
    } finally {
      out.destroy();
    }
  }

  /** The spooled lines again, numbered as they were received. */
  lines(): AsyncGenerator<NumberedLine> {
    return readLines(createReadStream(this.bodyFile), this.limits);
  }

  /** Appends entries (one word, no spaces) to the undo log. */
  async record(entries: string[]): Promise<void> {
    if (entries.length) await appendFile(this.undoFile, `${entries.join('\n')}\n`);
  }

  /** The undo log's entries, in the order they were recorded. */
  async *recorded(): AsyncGenerator<string> {
    try {
      for await (const line of readLines(createReadStream(this.undoFile), this.limits)) yield line.text;
    } catch (error) {
      if ((error as { code?: string }).code !== 'ENOENT') throw error;
    }
  }

  async dispose(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }
}

async function* copyTo(body: AsyncIterable<Uint8Array>, out: WriteStream): AsyncGenerator<Uint8Array> {
  for await (const chunk of body) {
    if (!out.write(chunk)) await Promise.race([once(out, 'drain'), once(out, 'error').then(([error]) => Promise.reject(error))]);
    yield chunk;
  }
}
