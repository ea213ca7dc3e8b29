import type { ItemRules, ProfileBucket, Settings } from '../api/types';
import { splitList } from '../format';

export const RULES = ['fileTypes', 'folderNames', 'titlePatterns', 'patterns'] as const;

/** The settings the form edits; the connector credentials have a form of their own (ConnectorKeys.tsx). */
export type GeneralSettings = Pick<
  Settings,
  'excludeItems' | 'includeItems' | 'filterPrompt' | 'shouldLLMFilter' | 'categories' | 'chunkSize' | 'profileBuckets' | 'workspacePrompt'
>;

/** The settings form's state: lists as comma-separated text. */
export interface Draft {
  workspacePrompt: string;
  shouldLLMFilter: boolean;
  filterPrompt: string;
  categories: string;
  chunkSize: string;
  includeItems: Record<(typeof RULES)[number], string>;
  excludeItems: Record<(typeof RULES)[number], string>;
  profileBuckets: ProfileBucket[];
}

const rulesDraft = (rules: ItemRules | null) => Object.fromEntries(RULES.map((r) => [r, (rules?.[r] ?? []).join(', ')])) as Draft['includeItems'];

export function draftOf(s: GeneralSettings): Draft {
  return {
    workspacePrompt: s.workspacePrompt ?? '',
    shouldLLMFilter: s.shouldLLMFilter ?? false,
    filterPrompt: s.filterPrompt ?? '',
    categories: (s.categories ?? []).join(', '),
    chunkSize: s.chunkSize === null || s.chunkSize === -1 ? '' : String(s.chunkSize),
    includeItems: rulesDraft(s.includeItems),
    excludeItems: rulesDraft(s.excludeItems),
    profileBuckets: s.profileBuckets.map((b) => ({ ...b })),
  };
}

function rulesOf(draft: Draft['includeItems']): ItemRules | null {
  const rules = Object.fromEntries(RULES.map((r) => [r, splitList(draft[r])]).filter(([, list]) => list.length));
  return Object.keys(rules).length ? rules : null;
}

/** The fields of the draft as PATCH /v3/settings takes them; empty text resets a field (null). */
function valuesOf(draft: Draft): Record<string, unknown> {
  const categories = splitList(draft.categories);
  return {
    workspacePrompt: draft.workspacePrompt.trim() || null,
    shouldLLMFilter: draft.shouldLLMFilter,
    filterPrompt: draft.filterPrompt.trim() || null,
    categories: categories.length ? categories : null,
    chunkSize: draft.chunkSize.trim() ? Number(draft.chunkSize) : null,
    includeItems: rulesOf(draft.includeItems),
    excludeItems: rulesOf(draft.excludeItems),
    profileBuckets: draft.profileBuckets.filter((b) => b.key.trim() || b.description.trim()),
  };
}

/** Only what changed is sent, so a field the form does not show is never overwritten. */
export function changes(before: Draft, after: Draft): Record<string, unknown> {
  const a = valuesOf(before);
  const b = valuesOf(after);
  return Object.fromEntries(Object.entries(b).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(a[key])));
}
