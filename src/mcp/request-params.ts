import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  InitializeRequestSchema,
  isJSONRPCRequest,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
  ReadResourceRequestSchema,
  type JSONRPCErrorResponse,
  type JSONRPCRequest,
} from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';

/** The requests this server answers (tools and resources), each with the shape the protocol gives it. */
const SCHEMAS = new Map<string, z.ZodType>(
  [
    InitializeRequestSchema,
    PingRequestSchema,
    ListToolsRequestSchema,
    CallToolRequestSchema,
    ListResourcesRequestSchema,
    ListResourceTemplatesRequestSchema,
    ReadResourceRequestSchema,
  ].map((schema) => [schema.shape.method.value, schema]),
);

const MAX_ISSUES = 5;

/**
 * Answers a request whose params do not have the shape its method needs (`tools/call` with
 * `arguments` that are not an object, `resources/read` without a `uri`) with JSON-RPC invalid
 * params (-32602) naming each field, before the SDK sees it: the SDK answers those as internal
 * errors. A tool's own arguments are checked by the SDK against the tool's schema, and come back
 * as a tool result with `isError` and the reasons.
 */
export function answerInvalidParams(transport: Transport): void {
  const deliver = transport.onmessage;
  transport.onmessage = (message, extra) => {
    const refusal = isJSONRPCRequest(message) ? invalidParams(message) : null;
    if (refusal) void transport.send(refusal, { relatedRequestId: refusal.id }).catch((error: unknown) => transport.onerror?.(error as Error));
    else deliver?.(message, extra);
  };
}

/** The refusal of a request whose params its method cannot take; null for a request that may go on. */
export function invalidParams(request: JSONRPCRequest): JSONRPCErrorResponse | null {
  const parsed = SCHEMAS.get(request.method)?.safeParse(request);
  if (!parsed || parsed.success) return null;
  const details = parsed.error.issues
    .slice(0, MAX_ISSUES)
    .map((issue) => `${issue.path.map(String).join('.') || 'params'}: ${issue.message}`)
    .join('; ');
  return { jsonrpc: '2.0', id: request.id, error: { code: ErrorCode.InvalidParams, message: `Invalid params: ${details}` } };
}
