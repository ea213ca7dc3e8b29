import { asBoolean, field } from '../llm/coerce.js';
import { isObject } from '../llm/json-reply.js';
import { LlmWithOfflineFallback, type JsonChatModel } from '../llm/offline-fallback.js';

/** What the model sees of an item a connector would import. */
export interface RelevanceCandidate {
  title: string | null;
  /** The start of its text; kept short. */
  excerpt: string;
}

/** Decides, for an organization's `filterPrompt`, whether a connector item is worth importing. */
export interface RelevanceFilter {
  readonly name: string;
  isRelevant(filterPrompt: string, item: RelevanceCandidate): Promise<boolean>;
}

/** Without a model nothing is refused: the include and exclude lists still apply. */
export class AcceptAllRelevanceFilter implements RelevanceFilter {
  readonly name = 'offline';

  async isRelevant(_filterPrompt: string, _item: RelevanceCandidate): Promise<boolean> {
    return true;
  }
}

const EXCERPT_CHARS = 2000;

/** Asks the chat model; when it fails or answers nonsense, the item is imported (the offline answer). */
export class LlmRelevanceFilter extends LlmWithOfflineFallback<RelevanceFilter> implements RelevanceFilter {
  constructor(llm: JsonChatModel, onError?: (error: unknown) => void) {
    super(llm, new AcceptAllRelevanceFilter(), onError);
  }

  isRelevant(filterPrompt: string, item: RelevanceCandidate): Promise<boolean> {
    return this.ask(
      {
        system:
          'You decide whether a document should be imported into a knowledge base. The organization describes what it wants in its instruction. Answer {"relevant": true} or {"relevant": false}.',
        user: `Instruction: ${filterPrompt}\n\nTitle: ${item.title ?? '(none)'}\n\nBeginning of the document:\n${item.excerpt.slice(0, EXCERPT_CHARS)}`,
        format: {
          name: 'sync_relevance',
          schema: { type: 'object', properties: { relevant: { type: 'boolean' } }, required: ['relevant'], additionalProperties: false },
        },
        read: readVerdict,
      },
      () => this.fallback.isRelevant(filterPrompt, item),
    );
  }
}

/** `{"relevant": true}`, `"true"`, `"yes"`, or a bare `true`; anything else is unusable. */
function readVerdict(reply: unknown): boolean {
  const verdict = asBoolean(isObject(reply) ? field(reply, ['relevant', 'relevance', 'import', 'answer']) : reply);
  if (verdict === undefined) throw new Error('the model gave no verdict');
  return verdict;
}
