/**
 * A write met a unique index: the row it would create exists already, usually because a
 * concurrent writer got there first. Store functions throw it in place of the driver's error, so
 * callers never see SQLSTATEs.
 */
export class DuplicateKeyError extends Error {}

/** Runs a write, turning PostgreSQL's unique_violation into a DuplicateKeyError. */
export async function failOnDuplicate<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new DuplicateKeyError('a row with this key exists already', { cause: error });
    throw error;
  }
}

/** PostgreSQL's unique_violation, looked up through the wrappers the query layer adds. */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

/** Socket and resolver failures: the other side was not there, or went away. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTCONN', 'EAI_AGAIN']);

/**
 * SQLSTATEs of a database that is unavailable or busy rather than refusing the statement:
 * connection exceptions (class 08), insufficient resources (53), shutdowns and "cannot connect
 * now" (57P0x), statement timeouts (57014), and the serialization failures, deadlocks and lock
 * timeouts a retry resolves (40001, 40P01, 55P03).
 */
function isTransientSqlState(code: string): boolean {
  return code.startsWith('08') || code.startsWith('53') || code.startsWith('57P0') || ['57014', '40001', '40P01', '55P03'].includes(code);
}

/** node-postgres reports a lost or refused connection with these messages and no code. */
const LOST_CONNECTION = /^(?:Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/**
 * Whether an error means a service was unavailable (network, database connection, timeouts), so
 * the same work may succeed later. Anything else, known or not, is not.
 */
export function isAvailabilityError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 8; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || (/^[0-9A-Z]{5}$/.test(code) && isTransientSqlState(code)))) return true;
    if (LOST_CONNECTION.test(e.message)) return true;
  }
  return false;
}
