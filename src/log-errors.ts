/**
 * The `err` serializer of the app's logger. Errors from the database carry what was being
 * written: drizzle puts every query parameter into its message and `params`, PostgreSQL puts
 * values into `detail`, `where` and some messages. A logged error keeps what locates the fault
 * (type, message without values, stack frames, codes, the SQL text with its placeholders) and
 * none of the values; string fields it does not know are left out.
 */
export function serializeError(value: unknown): unknown {
  return value instanceof Error ? describe(value, 0) : value;
}

/** String fields known to hold no user content; any other string field is left out. */
const SAFE_STRING_FIELDS = [
  'code',
  'severity',
  'routine',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
  'file',
  'line',
  'position',
  'syscall',
  'errno',
  'diagnosis',
];
const MAX_DEPTH = 5;
const MAX_FIELD_LENGTH = 4000;

interface LoggedError {
  type: string;
  message: string;
  stack?: string;
  cause?: LoggedError;
  [field: string]: unknown;
}

function describe(error: Error, depth: number): LoggedError {
  const message = redactMessage(error);
  const logged: LoggedError = { type: error.constructor?.name || error.name, message };
  if (typeof error.stack === 'string') logged.stack = `${error.name}: ${message}${stackFrames(error.stack)}`;
  const fields = error as unknown as Record<string, unknown>;
  for (const key of Object.keys(error)) {
    const field = fields[key];
    if (typeof field === 'number' || typeof field === 'boolean') logged[key] = field;
    else if (typeof field === 'string' && SAFE_STRING_FIELDS.includes(key)) logged[key] = field.slice(0, MAX_FIELD_LENGTH);
  }
  if (error.cause instanceof Error && depth < MAX_DEPTH) logged.cause = describe(error.cause, depth + 1);
  if (error instanceof AggregateError && depth < MAX_DEPTH) {
    logged.errors = error.errors.slice(0, 10).map((inner: unknown) => (inner instanceof Error ? describe(inner, depth + 1) : typeof inner));
  }
  return logged;
}

/** Words after which PostgreSQL quotes a name from the schema, never a value. */
const NAME_BEFORE_QUOTE =
  /\b(?:constraint|relation|column|table|type|index|function|schema|encoding|sequence|database|role|extension|operator|trigger|view)\s*$/i;

function redactMessage(error: Error): string {
  const message = String(error.message);
  // drizzle: "Failed query: <sql>\nparams: <every parameter>"
  if ('params' in error) {
    const at = message.indexOf('\nparams:');
    return at >= 0 ? message.slice(0, at) : message;
  }
  if (!isSqlState((error as { code?: unknown }).code)) return message;
  // PostgreSQL quotes values too: invalid input syntax for type integer: "…", value "…" is out of range.
  return message.replace(/"(?:[^"]|"")*"/g, (quoted, offset: number) =>
    NAME_BEFORE_QUOTE.test(message.slice(Math.max(0, offset - 24), offset)) ? quoted : '"[redacted]"',
  );
}

function isSqlState(code: unknown): boolean {
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

/** The "    at …" lines of a stack, without the message it starts with (which may span lines). */
function stackFrames(stack: string): string {
  const at = stack.search(/\n\s+at /);
  return at >= 0 ? stack.slice(at) : '';
}
