/** Socket and resolver failures: the other side was not there, or went away. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTCONN',
  'EAI_AGAIN',
]);

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
