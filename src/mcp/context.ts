import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import { authorize } from '../core/access/authorization.js';
import type { Services } from '../core/services.js';
import type { Principal } from '../model/access.js';
import { UnauthenticatedError } from '../model/errors.js';
import { DEFAULT_CONTAINER_TAG } from '../model/tags.js';

/** The core services the MCP tools call: a part of the HTTP server's. */
export type McpServices = Pick<Services, 'documents' | 'memoryWriter' | 'memoryEdits' | 'memoryListing' | 'search' | 'profiles' | 'containerTags'>;

export type RequestExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** Who calls: over HTTP the key of the current request, over stdio the key the process was started with. */
export type PrincipalSource = (extra: RequestExtra) => Promise<Principal>;

/** What one MCP session needs: the services, its caller, and the space `switch_space` chose. */
export interface McpContext {
  services: McpServices;
  principalOf: PrincipalSource;
  /** Failures that are not the caller's (logged by the transport's owner; never shown to the client). */
  onError: (error: unknown) => void;
  /** The session's current space; null until `switch_space`. */
  space: string | null;
}

/** The space a call without a containerTag works in: the one switched to, else a scoped key's first tag, else the default tag. */
export function currentSpace(context: McpContext, principal: Principal): string {
  return context.space ?? principal.containerTags?.[0] ?? DEFAULT_CONTAINER_TAG;
}

/** The HTTP route hands the resolved principal over in the transport's auth info. */
export function principalFromAuthInfo(extra: RequestExtra): Promise<Principal> {
  const principal = extra.authInfo?.extra?.principal as Principal | undefined;
  if (!principal) return Promise.reject(new UnauthenticatedError('Missing API key'));
  return Promise.resolve(principal);
}

/** Writing tools need a key that may write, as writing REST routes do. */
export function assertMayWrite(principal: Principal): void {
  authorize(principal, { access: 'write' });
}
