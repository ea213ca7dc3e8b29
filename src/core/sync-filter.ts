import type { ItemRules } from '../model/settings.js';

/** What a connector knows about an item before it imports it. */
export interface SyncCandidate {
  title: string | null;
  /** File name or path; its extension counts as a file type. */
  filename?: string | null;
  mimeType?: string | null;
  /** The document type the connector would give it, e.g. `google_doc`, `pdf`. */
  type?: string | null;
  /** Names of the folders the item sits in, outermost first. */
  folders?: string[];
}

export interface SyncFilterSettings {
  includeItems?: ItemRules | null;
  excludeItems?: ItemRules | null;
  shouldLLMFilter?: boolean | null;
  filterPrompt?: string | null;
}

export type SyncDecision =
  | { accept: false; reason: string }
  /** `askModel`: the lists let the item through and the organization wants the model filter to decide. */
  | { accept: true; askModel: false }
  | { accept: true; askModel: true; filterPrompt: string };

/**
 * Decides whether a connector imports an item. Precedence:
 * 1. exclude lists: an item matching any exclude rule is skipped, whatever the include lists say;
 * 2. include lists: each non-empty include list (file types, folder names, title patterns, plain
 *    patterns matched against any of the three) must
 *    match; lists combine with AND, entries within one list with OR; empty lists do not restrict;
 * 3. the model filter (`shouldLLMFilter` with a `filterPrompt`) is consulted only for items that
 *    passed both, so it can narrow what the lists allow but never bring back what they refused.
 */
export function decideSync(settings: SyncFilterSettings, item: SyncCandidate): SyncDecision {
  const exclude = settings.excludeItems ?? {};
  const include = settings.includeItems ?? {};
  const facts = describe(item);

  const excludedType = exclude.fileTypes?.find((t) => matchesFileType(t, facts));
  if (excludedType) return { accept: false, reason: `file type "${excludedType}" is excluded` };
  const excludedFolder = exclude.folderNames?.find((f) => matchesFolder(f, facts));
  if (excludedFolder) return { accept: false, reason: `folder "${excludedFolder}" is excluded` };
  const excludedTitle = exclude.titlePatterns?.find((p) => matchesTitle(p, facts));
  if (excludedTitle) return { accept: false, reason: `title pattern "${excludedTitle}" is excluded` };
  const excludedPattern = exclude.patterns?.find((p) => matchesAny(p, facts));
  if (excludedPattern) return { accept: false, reason: `"${excludedPattern}" is excluded` };

  if (include.fileTypes?.length && !include.fileTypes.some((t) => matchesFileType(t, facts))) {
    return { accept: false, reason: 'file type is not in the include list' };
  }
  if (include.folderNames?.length && !include.folderNames.some((f) => matchesFolder(f, facts))) {
    return { accept: false, reason: 'not inside an included folder' };
  }
  if (include.titlePatterns?.length && !include.titlePatterns.some((p) => matchesTitle(p, facts))) {
    return { accept: false, reason: 'title matches no included pattern' };
  }
  if (include.patterns?.length && !include.patterns.some((p) => matchesAny(p, facts))) {
    return { accept: false, reason: 'no file type, folder or title matches the include list' };
  }

  const prompt = settings.filterPrompt?.trim();
  if (settings.shouldLLMFilter === true && prompt) return { accept: true, askModel: true, filterPrompt: prompt };
  return { accept: true, askModel: false };
}

interface ItemFacts {
  title: string;
  fileTypes: Set<string>;
  folders: Set<string>;
}

function describe(item: SyncCandidate): ItemFacts {
  const fileTypes = new Set<string>();
  const extension = /\.([^./\\]+)$/.exec(item.filename ?? '')?.[1];
  if (extension) fileTypes.add(extension.toLowerCase());
  if (item.type) fileTypes.add(item.type.toLowerCase());
  const mime = item.mimeType?.split(';')[0].trim().toLowerCase();
  if (mime) {
    fileTypes.add(mime);
    fileTypes.add(mime.slice(mime.indexOf('/') + 1));
  }
  return {
    title: (item.title ?? '').trim().toLowerCase(),
    fileTypes,
    folders: new Set((item.folders ?? []).map((f) => f.trim().toLowerCase())),
  };
}

/** A plain list's entry: the item's file type, one of its folders or its title. */
function matchesAny(rule: string, facts: ItemFacts): boolean {
  return matchesFileType(rule, facts) || matchesFolder(rule, facts) || matchesTitle(rule, facts);
}

/** `pdf`, `.pdf`, `PDF`, `application/pdf` and a document type such as `google_doc` all work. */
function matchesFileType(rule: string, facts: ItemFacts): boolean {
  return facts.fileTypes.has(rule.trim().toLowerCase().replace(/^\./, ''));
}

/** Any folder on the item's path, compared whole and without case. */
function matchesFolder(rule: string, facts: ItemFacts): boolean {
  return facts.folders.has(rule.trim().toLowerCase());
}

/** The whole title against the pattern, without case; `*` stands for any run of characters. */
function matchesTitle(pattern: string, facts: ItemFacts): boolean {
  const source = pattern
    .trim()
    .toLowerCase()
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`, 's').test(facts.title);
}
