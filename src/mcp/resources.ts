import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError, type ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import type { Principal } from '../model/access.js';
import { DomainError } from '../model/errors.js';
import type { McpContext, RequestExtra } from './context.js';
import { mcpErrorOf } from './errors.js';
import { ContainerTag } from './schemas.js';
import { memoryListText, profileText } from './texts.js';

const RECENT_MEMORIES = 50;
const MARKDOWN = 'text/markdown';

/** What a resource reads: the text for one space. */
type SpaceReader = (containerTag: string, principal: Principal) => Promise<string>;

/** Per space the key can see: its profile and its most recent memories, as markdown. */
export function registerResources(server: McpServer, context: McpContext): void {
  const { services } = context;
  registerSpaceResource(server, context, 'profile', 'Profile of a space: lasting facts, recent context and buckets', async (containerTag, principal) => {
    const { profile } = await services.profiles.get(principal, { containerTag });
    return profileText(containerTag, profile);
  });
  registerSpaceResource(
    server,
    context,
    'memories',
    `The ${RECENT_MEMORIES} most recently updated memories of a space, with their ids`,
    async (containerTag, principal) => {
      const { items, total } = await services.memoryListing.list(principal, {
        containerTags: [containerTag],
        page: 1,
        limit: RECENT_MEMORIES,
        sort: 'updatedAt',
        order: 'desc',
      });
      return memoryListText(containerTag, items, total);
    },
  );
}

function registerSpaceResource(server: McpServer, context: McpContext, part: string, description: string, read: SpaceReader): void {
  const uriOf = (containerTag: string) => `engram://spaces/${containerTag}/${part}`;
  const template = new ResourceTemplate(`engram://spaces/{containerTag}/${part}`, {
    list: async (extra: RequestExtra) => {
      const principal = await guarded(context, () => context.principalOf(extra));
      const spaces = await guarded(context, () => context.services.containerTags.list(principal));
      return { resources: spaces.map((s) => ({ uri: uriOf(s.containerTag), name: `${s.containerTag} ${part}`, mimeType: MARKDOWN })) };
    },
  });
  server.registerResource(
    `space-${part}`,
    template,
    { title: `Space ${part}`, description, mimeType: MARKDOWN },
    async (uri, variables, extra): Promise<ReadResourceResult> => {
      const parsed = ContainerTag.safeParse(variables.containerTag);
      if (!parsed.success) throw new McpError(ErrorCode.InvalidParams, `Invalid resource URI: ${parsed.error.issues[0].message}`);
      const text = await guarded(context, async () => read(parsed.data, await context.principalOf(extra)));
      return { contents: [{ uri: uri.href, mimeType: MARKDOWN, text }] };
    },
  );
}

/** JSON-RPC errors for resources: the domain's refusals as they are, anything else logged and answered without internals. */
async function guarded<T>(context: McpContext, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError) throw mcpErrorOf(error);
    context.onError(error);
    throw new McpError(ErrorCode.InternalError, 'Internal error');
  }
}
