import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { DEFAULT_LIMIT, DEFAULT_THRESHOLD, NOTHING_INCLUDED, type SearchHit } from '../core/search/search-service.js';
import type { Principal } from '../model/access.js';
import { invalidInput } from '../model/errors.js';
import { assertMayWrite, currentSpace, type McpContext } from './context.js';
import { count, score, toolRegistrar, toolResult } from './results.js';
import { ContainerTag, MemoryId, SpaceArgument } from './schemas.js';

const MAX_FACT_CHARS = 10_000;
const MAX_DOCUMENT_CHARS = 1_000_000;

const RememberArgs = z.object({
  content: z
    .string()
    .trim()
    .min(1)
    .max(MAX_DOCUMENT_CHARS)
    .describe(
      `For a fact: one self-contained statement (at most ${MAX_FACT_CHARS} characters), e.g. "Alice prefers tea to coffee". ` +
        'For a document: text, markdown, or an http(s) URL to fetch.',
    ),
  type: z
    .enum(['fact', 'document'])
    .default('fact')
    .describe('fact (default): stored as one memory at once, recallable on return. document: stored whole; memories are extracted from it in the background'),
  containerTag: SpaceArgument,
  isStatic: z.boolean().optional().describe('Facts only: a lasting trait (identity, role, preference) rather than an episode'),
  title: z.string().max(500).optional().describe('Documents only: a title'),
});

const RecallArgs = z.object({
  query: z.string().trim().min(1).max(10_000).describe('What to look for, in natural language'),
  mode: z
    .enum(['memories', 'hybrid', 'documents'])
    .default('memories')
    .describe('memories (default): remembered facts; documents: passages of stored documents; hybrid: both'),
  containerTag: SpaceArgument,
  containerTags: z.array(ContainerTag).min(1).max(100).optional().describe('Search these spaces together instead of one'),
  limit: z.number().int().min(1).max(100).default(DEFAULT_LIMIT).describe(`Most results to return (default ${DEFAULT_LIMIT})`),
  threshold: z
    .number()
    .min(0)
    .max(1)
    .default(DEFAULT_THRESHOLD)
    .describe(`Least similarity (0..1) a result needs (default ${DEFAULT_THRESHOLD}); lower it to see weaker matches, 0 for all`),
});

const ForgetArgs = z.object({
  ids: z.array(MemoryId).min(1).max(100).optional().describe('Ids of the memories to forget (as recall returns them)'),
  statement: z.string().trim().min(1).max(2000).optional().describe('Or: forget the memories that mean this, e.g. "Alice works at Acme"'),
  containerTag: SpaceArgument,
  dryRun: z
    .boolean()
    .default(true)
    .describe('true (default): only preview what would be forgotten. false: forget. Confirm a statement’s preview by passing the ids it listed'),
  threshold: z.number().min(0).max(1).optional().describe('Statements only: least similarity a memory needs to be forgotten (default 0.5)'),
  reason: z.string().max(1000).optional().describe('Why, kept with the forgotten memories'),
});

/** remember, recall and forget: the memory tools. */
export function registerMemoryTools(server: McpServer, context: McpContext): void {
  const { services } = context;
  const tool = toolRegistrar(server, context);

  tool(
    'remember',
    {
      title: 'Remember',
      description:
        'Store something in long-term memory. A fact (default) is one self-contained statement, stored as a memory at once ' +
        'and recallable on return. A document (longer text, notes, a transcript, or an http(s) URL) is stored whole, and ' +
        'memories are extracted from it in the background; recall finds them once it is processed. Returns the new ids.',
      inputSchema: RememberArgs,
    },
    async (args, principal) => {
      assertMayWrite(principal);
      const containerTag = args.containerTag ?? currentSpace(context, principal);
      if (args.type === 'document') {
        const { id, status } = await services.documents.add(principal, { content: args.content, containerTag, title: args.title ?? null });
        return toolResult(
          `Stored a document in space "${containerTag}" (document id: ${id}, status: ${status}); its memories are extracted in the background.`,
          {
            type: 'document',
            containerTag,
            documentId: id,
            status,
          },
        );
      }
      if (args.content.length > MAX_FACT_CHARS) {
        throw invalidInput('Invalid arguments', `content: a fact has at most ${MAX_FACT_CHARS} characters; store longer text with type "document"`);
      }
      const created = await services.memoryWriter.create(principal, {
        containerTag,
        memories: [{ content: args.content, isStatic: args.isStatic }],
      });
      const memory = created.memories[0];
      return toolResult(`Remembered in space "${containerTag}": ${memory.memory} (memory id: ${memory.id})`, {
        type: 'fact',
        containerTag,
        memoryId: memory.id,
        memory: memory.memory,
        isStatic: memory.isStatic,
      });
    },
  );

  tool(
    'recall',
    {
      title: 'Recall',
      description:
        'Search long-term memory by meaning (hybrid vector and full-text search). Searches the current space unless ' +
        'containerTag or containerTags name others. Returns the best matches, best first, each with its id and a ' +
        'similarity score from 0 to 1; results below the threshold are left out.',
      inputSchema: RecallArgs,
      annotations: { readOnlyHint: true },
    },
    async (args, principal) => {
      const containerTags = args.containerTags ?? [args.containerTag ?? currentSpace(context, principal)];
      const { hits } = await services.search.search(principal, {
        q: args.query,
        containerTags,
        threshold: args.threshold,
        limit: args.limit,
        searchMode: args.mode,
        rerank: false,
        rewriteQuery: false,
        include: NOTHING_INCLUDED,
      });
      const results = hits.map(toRecalled);
      const where = `${containerTags.length === 1 ? 'space' : 'spaces'} ${containerTags.map((t) => `"${t}"`).join(', ')}`;
      const text = results.length
        ? [`${count(results.length, 'result')} for "${args.query}" in ${where}:`, ...results.map((r, i) => `${i + 1}. ${describeRecalled(r)}`)].join('\n')
        : `Nothing in ${where} matched "${args.query}" at threshold ${args.threshold}. A lower threshold shows weaker matches.`;
      return toolResult(text, { query: args.query, containerTags, results });
    },
  );

  tool(
    'forget',
    {
      title: 'Forget',
      description:
        'Forget memories, named by their ids or by a statement whose meaning they match. Previews by default (dryRun: true): ' +
        'it lists what would be forgotten, with ids and similarity scores, and changes nothing. Call again with dryRun: false ' +
        '(for a statement, pass the ids the preview listed) to forget them. Forgotten memories stay in history but leave ' +
        'recall and profiles.',
      inputSchema: ForgetArgs,
      annotations: { destructiveHint: true },
    },
    async (args, principal) => {
      if (!args.ids === !args.statement) throw invalidInput('Invalid arguments', 'give exactly one of ids or statement');
      if (!args.dryRun) assertMayWrite(principal);
      return forget(context, principal, args);
    },
  );
}

interface Recalled {
  kind: 'memory' | 'document';
  id: string;
  text: string;
  score: number;
  containerTag: string;
  documentId?: string;
  title?: string | null;
}

function toRecalled(hit: SearchHit): Recalled {
  if (hit.kind === 'memory') {
    const m = hit.memory;
    return { kind: 'memory', id: m.id, text: m.memory, score: score(hit.similarity), containerTag: m.containerTag };
  }
  return {
    kind: 'document',
    id: hit.chunk.id,
    text: hit.chunk.content,
    score: score(hit.similarity),
    containerTag: hit.chunk.containerTag,
    documentId: hit.document.id,
    title: hit.document.title,
  };
}

function describeRecalled(r: Recalled): string {
  if (r.kind === 'memory') return `[score ${r.score}] ${r.text} (memory id: ${r.id})`;
  const title = r.title ? ` "${r.title}"` : '';
  return `[score ${r.score}] from document${title} (document id: ${r.documentId}, chunk id: ${r.id}):\n${r.text}`;
}

async function forget(context: McpContext, principal: Principal, args: z.infer<typeof ForgetArgs>) {
  const containerTag = args.containerTag ?? currentSpace(context, principal);
  const outcome = await context.services.memoryEdits.forgetMatching(principal, {
    containerTag,
    ids: args.ids,
    query: args.statement,
    dryRun: args.dryRun,
    threshold: args.threshold,
    reason: args.reason ?? null,
  });
  const memories = outcome.candidates ?? outcome.forgotten ?? [];
  const lines = memories.map((m) => `- [score ${m.score}] ${m.memory} (memory id: ${m.id})`);
  let headline: string;
  if (!memories.length) headline = `No memory in space "${containerTag}" matched; nothing ${args.dryRun ? 'would be' : 'was'} forgotten.`;
  else if (args.dryRun) {
    headline =
      `Preview: ${count(memories.length, 'memory', 'memories')} in space "${containerTag}" would be forgotten. Nothing has changed yet; ` +
      `to forget them call forget with dryRun: false and ids: ${JSON.stringify(memories.map((m) => m.id))}.`;
  } else headline = `Forgot ${count(memories.length, 'memory', 'memories')} in space "${containerTag}":`;
  return toolResult([headline, ...lines].join('\n'), {
    dryRun: outcome.dryRun,
    containerTag,
    count: outcome.count,
    memories,
  });
}
