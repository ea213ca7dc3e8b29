import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { type DomainError, ForbiddenError, NotFoundError, NotSupportedError, UnavailableError, UpstreamError } from '../model/errors.js';

/** The code the MCP specification gives an unknown resource. */
const RESOURCE_NOT_FOUND = -32002;

/** A refusal of the domain as a client reads it: what the REST API would say. */
export function errorText(error: DomainError): string {
  return error.details ? `${error.message}: ${error.details}` : error.message;
}

/**
 * A refusal of the domain as a JSON-RPC error: absent or out of scope is an unknown resource, the
 * server's own failure (an unavailable model, a failing provider, a connector it lacks) an internal
 * error that says what failed, never the caller's invalid params; anything else is the caller's.
 */
export function mcpErrorOf(error: DomainError): McpError {
  if (error instanceof NotFoundError || error instanceof ForbiddenError) return new McpError(RESOURCE_NOT_FOUND, errorText(error));
  const serverSide = error instanceof UnavailableError || error instanceof UpstreamError || error instanceof NotSupportedError;
  return new McpError(serverSide ? ErrorCode.InternalError : ErrorCode.InvalidParams, errorText(error));
}
