import type { DestinationStream } from 'pino';

/**
 * Fields a line's message already says (the request line is "POST /v3/search 200 12 ms", a
 * document line names its document) or that only machines read: left out of a pretty line.
 */
const SAID_BY_THE_MESSAGE = new Set(['time', 'level', 'msg', 'pid', 'hostname', 'reqId', 'method', 'path', 'status', 'ms', 'documentId']);

const LEVELS: Record<number, { name: string; color: string }> = {
  10: { name: 'TRACE', color: '90' },
  20: { name: 'DEBUG', color: '36' },
  30: { name: 'INFO', color: '32' },
  40: { name: 'WARN', color: '33' },
  50: { name: 'ERROR', color: '31' },
  60: { name: 'FATAL', color: '35' },
};

interface LoggedError {
  type?: string;
  message?: string;
  stack?: string;
}

/** One pino JSON line as a person reads it: `12:04:05.123 INFO  message key=value …`, an error's stack below. */
export function prettyLine(json: string, colors: boolean): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const level = LEVELS[entry.level as number] ?? { name: String(entry.level), color: '0' };
  const paint = (text: string, color: string) => (colors ? `\u001b[${color}m${text}\u001b[0m` : text);
  const fields = Object.entries(entry)
    .filter(([key, value]) => !SAID_BY_THE_MESSAGE.has(key) && key !== 'err' && value !== undefined)
    .map(([key, value]) => `${paint(key, '90')}=${typeof value === 'string' && !/\s|"|=/.test(value) ? value : JSON.stringify(value)}`);
  const head = [paint(clock(entry.time), '90'), paint(level.name.padEnd(5), level.color), entry.msg ?? '', ...fields].filter((part) => part !== '').join(' ');
  const err = entry.err as LoggedError | undefined;
  const trace = err ? `\n    ${(err.stack ?? `${err.type ?? 'Error'}: ${err.message ?? ''}`).replace(/\n/g, '\n    ')}` : '';
  return `${head}${trace}\n`;
}

/** Local wall-clock time with milliseconds, e.g. 12:04:05.123. */
function clock(time: unknown): string {
  if (typeof time !== 'number') return '';
  const date = new Date(time);
  return `${date.toTimeString().slice(0, 8)}.${String(date.getMilliseconds()).padStart(3, '0')}`;
}

/** A pino destination writing pretty lines to `out` (colored when it is a terminal that accepts color). */
export function prettyDestination(out: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout): DestinationStream {
  const colors = Boolean(out.isTTY) && !process.env.NO_COLOR;
  return { write: (line: string) => out.write(prettyLine(line, colors)) };
}
