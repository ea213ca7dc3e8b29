/**
 * Refusals and failures of the domain, in its own words. Each transport says them in its own
 * language: `http/plugins/errors.ts` as a status, body and headers, `mcp/errors.ts` as MCP codes.
 * Nothing below the transports knows a status number.
 */
export abstract class DomainError extends Error {
  constructor(
    message: string,
    /** What exactly was wrong, for the caller: usually `field: reason`. */
    readonly details?: string,
  ) {
    super(message);
  }
}

/** The caller's input is not acceptable. */
export class InvalidInputError extends DomainError {}

/** The caller could not be identified: no key, an unknown key, an unsigned delivery. */
export class UnauthenticatedError extends DomainError {}

/** The caller is known and may not do this. */
export class ForbiddenError extends DomainError {}

export class NotFoundError extends DomainError {}

/** Why a request conflicts with the current state; a retry does not help until that state changes. */
export type ConflictReason =
  | 'tag-merging'
  | 'not-latest'
  | 'already-forgotten'
  | 'not-reviewable'
  | 'self-disable'
  | 'custom-id-taken'
  | 'cleanup-not-failed'
  | 'sync-running'
  | 'organization-bucket';

export class ConflictError extends DomainError {
  constructor(
    readonly reason: ConflictReason,
    message: string,
    details?: string,
  ) {
    super(message, details);
  }
}

/** The input is larger than the server accepts. */
export class TooLargeError extends DomainError {}

/** The server cannot do this at all: a connector not built or not configured, a feature a kind lacks. */
export class NotSupportedError extends DomainError {}

/** An external account's plan does not allow the request. */
export class PlanRequiredError extends DomainError {}

/** Someone (an external provider) asks to slow down. */
export class RateLimitedError extends DomainError {
  constructor(
    readonly retryAfterSeconds: number,
    message: string,
    details?: string,
  ) {
    super(message, details);
  }
}

/** An external service the request needed failed. */
export class UpstreamError extends DomainError {}

/** A service of our own is unavailable; `retryAfterSeconds` when it is expected back soon. */
export class UnavailableError extends DomainError {
  constructor(
    message: string,
    details?: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message, details);
  }
}

export const notFound = (what: string, details?: string) => new NotFoundError(`${what} not found`, details);
export const invalidInput = (message: string, details?: string) => new InvalidInputError(message, details);
export const forbidden = (message: string, details?: string) => new ForbiddenError(message, details);
export const conflict = (reason: ConflictReason, message: string, details?: string) => new ConflictError(reason, message, details);
