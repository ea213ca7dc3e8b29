import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { assertTagAllowed } from '../core/tags/rules.js';
import { currentSpace, type McpContext } from './context.js';
import { count, score, toolRegistrar, toolResult } from './results.js';
import { ContainerTag, SpaceArgument } from './schemas.js';
import { profileText } from './texts.js';

const ProfileArgs = z.object({
  containerTag: SpaceArgument,
  query: z.string().trim().min(1).max(10_000).optional().describe('Also return the memories of the space that match this'),
});

const SwitchArgs = z.object({
  containerTag: ContainerTag.describe('The space (container tag) to work in from now on; it need not exist yet'),
});

/** profile, list_spaces, switch_space and whoami: where memories live and who asks. */
export function registerSpaceTools(server: McpServer, context: McpContext): void {
  const { services } = context;
  const tool = toolRegistrar(server, context);

  tool(
    'profile',
    {
      title: 'Profile',
      description:
        'The profile of a space (by default the current one), built from its memories: lasting facts (identity, ' +
        'preferences), recent context, and lines grouped into the configured buckets. With a query, also the memories ' +
        'of the space that match it, with ids and similarity scores.',
      inputSchema: ProfileArgs,
      annotations: { readOnlyHint: true },
    },
    async (args, principal) => {
      const containerTag = args.containerTag ?? currentSpace(context, principal);
      const { profile, search } = await services.profiles.get(principal, { containerTag, q: args.query });
      const matches = (search?.hits ?? []).flatMap((hit) =>
        hit.kind === 'memory' ? [{ id: hit.memory.id, memory: hit.memory.memory, score: score(hit.similarity) }] : [],
      );
      const lines = [profileText(containerTag, profile)];
      if (args.query) {
        lines.push(
          `## Memories matching "${args.query}"`,
          ...(matches.length ? matches.map((m) => `- [score ${m.score}] ${m.memory} (memory id: ${m.id})`) : ['(none)']),
        );
      }
      return toolResult(lines.join('\n'), { containerTag, profile, ...(args.query ? { matches } : {}) });
    },
  );

  tool(
    'list_spaces',
    {
      title: 'List spaces',
      description:
        'List the spaces (container tags) this key can see, with how many documents and memories each holds, and say ' +
        'which one is current. Tools called without containerTag work in the current space.',
      inputSchema: z.object({}),
      annotations: { readOnlyHint: true },
    },
    async (_args, principal) => {
      const current = currentSpace(context, principal);
      const spaces = (await services.containerTags.list(principal)).map((s) => ({
        containerTag: s.containerTag,
        name: s.name,
        documentCount: s.documentCount,
        memoryCount: s.memoryCount,
        current: s.containerTag === current,
      }));
      const lines = spaces.map(
        (s) =>
          `- ${s.containerTag}${s.name ? ` (${s.name})` : ''}: ${count(s.documentCount, 'document')}, ${count(s.memoryCount, 'memory', 'memories')}${s.current ? ' (current)' : ''}`,
      );
      const head = spaces.length
        ? `${count(spaces.length, 'space')}; the current space is "${current}":`
        : `No spaces hold anything yet; the current space is "${current}".`;
      return toolResult([head, ...lines].join('\n'), { currentSpace: current, spaces });
    },
  );

  tool(
    'switch_space',
    {
      title: 'Switch space',
      description:
        'Make a space (container tag) the current one for this session: remember, recall, profile and forget called ' +
        'without containerTag use it from now on. A space comes into being with its first memory.',
      inputSchema: SwitchArgs,
    },
    async (args, principal) => {
      assertTagAllowed(principal, args.containerTag);
      context.space = args.containerTag;
      return toolResult(`The current space is now "${args.containerTag}".`, { currentSpace: args.containerTag });
    },
  );

  tool(
    'whoami',
    {
      title: 'Who am I',
      description:
        'The organization and API key this session acts as: role, permission (read or write), the spaces a scoped key is confined to, and the current space.',
      inputSchema: z.object({}),
      annotations: { readOnlyHint: true },
    },
    async (_args, principal) => {
      const who = {
        organization: { id: principal.orgId, name: principal.orgName, slug: principal.orgSlug },
        keyId: principal.keyId,
        role: principal.role,
        permission: principal.permission,
        scopedTo: principal.containerTags,
        currentSpace: currentSpace(context, principal),
      };
      const scope = who.scopedTo ? `confined to ${who.scopedTo.map((t) => `"${t}"`).join(', ')}` : 'every space of the organization';
      const text =
        `Organization "${who.organization.name}" (${who.organization.slug}), key ${who.keyId}: ${who.role}, ${who.permission === 'write' ? 'read and write' : 'read-only'}, ` +
        `${scope}. The current space is "${who.currentSpace}".`;
      return toolResult(text, who);
    },
  );
}
