import type { McpServer, ToolCallback } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { DomainError } from '../model/errors.js';
import type { Principal } from '../model/access.js';
import { assertStorableInput } from '../model/request-input.js';
import type { McpContext, RequestExtra } from './context.js';
import { errorText } from './errors.js';

/**
 * A tool's answer: the text a model reads (never empty) and the same facts as structured content
 * for clients that parse it.
 */
export function toolResult(text: string, structured: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: structured };
}

/**
 * An error answered as a tool result (`isError`), so the model sees why. Refusals of the domain
 * (bad input, out of scope, not found) say what the REST API would; anything else is logged and
 * answered without internals.
 */
export function toolError(context: McpContext, error: unknown): CallToolResult {
  let text = 'Internal error';
  if (error instanceof DomainError) text = errorText(error);
  else context.onError(error);
  return { content: [{ type: 'text', text }], isError: true };
}

/**
 * Wraps a tool's work: resolves the caller, checks that the arguments hold text PostgreSQL can
 * store (the HTTP transport's JSON parser already did; stdio has no such parser), and turns every
 * failure into an MCP error result instead of a failed request.
 */
export function toolHandler<Args>(context: McpContext, work: (args: Args, principal: Principal) => Promise<CallToolResult>) {
  return async (args: Args, extra: RequestExtra): Promise<CallToolResult> => {
    try {
      assertStorableInput(args, 'arguments');
      return await work(args, await context.principalOf(extra));
    } catch (error) {
      return toolError(context, error);
    }
  };
}

/** What a client lists of a tool, and the schema its arguments are read with. */
export interface ToolConfig<Args extends z.ZodObject> {
  title: string;
  description: string;
  inputSchema: Args;
  annotations?: ToolAnnotations;
}

/**
 * Registers tools on `server`: each tool's work gets the arguments as its `inputSchema` reads them,
 * wrapped by `toolHandler`.
 */
export function toolRegistrar(server: McpServer, context: McpContext) {
  return <Args extends z.ZodObject>(
    name: string,
    config: ToolConfig<Args>,
    work: (args: z.infer<Args>, principal: Principal) => Promise<CallToolResult>,
  ): void => {
    // The SDK types the arguments by its own reading of the schema (SchemaOutput), which is z.infer for a zod object.
    server.registerTool(name, config, toolHandler(context, work) as ToolCallback<Args>);
  };
}

/** Similarities in answers: three decimals are all a reader can use. */
export const score = (similarity: number): number => Math.round(similarity * 1000) / 1000;

/** A number with its noun, singular or plural. */
export const count = (n: number, noun: string, plural = `${noun}s`): string => `${n} ${n === 1 ? noun : plural}`;
