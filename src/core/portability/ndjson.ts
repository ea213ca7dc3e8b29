import { TooLargeError, invalidInput } from '../../model/errors.js';

export interface LineLimits {
  maxLineBytes: number;
  maxTotalBytes: number;
}

export interface NumberedLine {
  number: number;
  text: string;
}

/**
 * Splits a byte stream into numbered lines without holding more than one line: a line longer than
 * `maxLineBytes` or a stream longer than `maxTotalBytes` is refused as soon as it is seen. Blank
 * lines are skipped but counted, so numbers match what an editor shows.
 */
export async function* readLines(body: AsyncIterable<Uint8Array>, limits: LineLimits): AsyncGenerator<NumberedLine> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let total = 0;
  let number = 0;
  const take = (tail: Buffer): NumberedLine | undefined => {
    const bytes = Buffer.concat([...pending, tail]);
    pending = [];
    pendingBytes = 0;
    number++;
    const text = bytes.toString('utf8').replace(/\r$/, '');
    return text.trim() ? { number, text } : undefined;
  };
  for await (const chunk of body) {
    let buffer = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    total += buffer.length;
    if (total > limits.maxTotalBytes) throw new TooLargeError('Import too large', `body: more than ${limits.maxTotalBytes} bytes`);
    for (let newline = buffer.indexOf(10); newline !== -1; newline = buffer.indexOf(10)) {
      if (pendingBytes + newline > limits.maxLineBytes) throw lineTooLong(number + 1, limits);
      const line = take(buffer.subarray(0, newline));
      if (line) yield line;
      buffer = buffer.subarray(newline + 1);
    }
    if (buffer.length) {
      pendingBytes += buffer.length;
      if (pendingBytes > limits.maxLineBytes) throw lineTooLong(number + 1, limits);
      pending.push(Buffer.from(buffer));
    }
  }
  if (pendingBytes) {
    const line = take(Buffer.alloc(0));
    if (line) yield line;
  }
}

const lineTooLong = (line: number, limits: LineLimits) => invalidInput('Invalid export file', `line ${line}: longer than ${limits.maxLineBytes} bytes`);

/**
 * Joins whole lines into chunks of at least `minChars` (the last one shorter): a stream written
 * one short line at a time costs a write, and on the reading side a buffer, per line.
 */
export async function* joinLines(lines: AsyncIterable<string>, minChars: number): AsyncGenerator<string> {
  let chunk = '';
  for await (const line of lines) {
    chunk += line;
    if (chunk.length >= minChars) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}
