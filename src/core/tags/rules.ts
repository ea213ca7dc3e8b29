import { invalidInput, forbidden, notFound } from '../../model/errors.js';
import type { Principal } from '../../model/access.js';
import { DEFAULT_CONTAINER_TAG } from '../../model/tags.js';

/**
 * Picks the one container tag a write goes to. `containerTag` wins over the deprecated
 * `containerTags`; a scoped key without a tag writes to its own.
 */
export function resolveWriteTag(principal: Principal, input: { containerTag?: string | null; containerTags?: string[] | null }): string {
  const fromList = input.containerTags?.filter(Boolean) ?? [];
  if (!input.containerTag && new Set(fromList).size > 1) {
    throw invalidInput('Invalid containerTags', 'containerTags: a document belongs to exactly one container tag');
  }
  const tag = input.containerTag || fromList[0] || principal.containerTags?.[0] || DEFAULT_CONTAINER_TAG;
  assertTagAllowed(principal, tag);
  return tag;
}

/** Tags a read may see: the requested ones, confined to a scoped key's own; undefined = whole org. */
export function resolveReadTags(principal: Principal, requested: (string | null | undefined)[]): string[] | undefined {
  const tags = [...new Set(requested.filter((t): t is string => !!t))];
  if (!principal.containerTags) return tags.length ? tags : undefined;
  if (!tags.length) return principal.containerTags;
  for (const tag of tags) assertTagAllowed(principal, tag);
  return tags;
}

/** Whether the key may touch `tag`: any tag for a full key, its own for a scoped key. */
export function tagInScope(principal: Principal, tag: string): boolean {
  return !principal.containerTags || principal.containerTags.includes(tag);
}

/** What a route naming an unknown container tag answers. */
export const tagNotFound = (tag: string) => notFound('Container tag', `containerTag: ${tag}`);

/**
 * On the container-tag routes (/v3/container-tags/{containerTag}/…) a tag outside a scoped key's own
 * reads as absent: the very not-found an unknown tag answers, so the key learns nothing of tags it cannot see.
 */
export function assertTagInScope(principal: Principal, tag: string): void {
  if (!tagInScope(principal, tag)) throw tagNotFound(tag);
}

export function assertTagAllowed(principal: Principal, tag: string): void {
  if (!tagInScope(principal, tag)) {
    throw forbidden('This key may not access that container tag', `containerTag: ${tag}`);
  }
}

/**
 * Tags a lookup by id or customId may read: `containerTag` when the caller names one (a tag outside
 * a scoped key's own is refused whether or not it exists), else a scoped key's own tags; undefined =
 * whole org. Confining the query itself means a document outside the caller's scope reads as absent.
 */
export function lookupTags(principal: Principal, containerTag?: string | null): string[] | undefined {
  if (containerTag) {
    assertTagAllowed(principal, containerTag);
    return [containerTag];
  }
  return principal.containerTags ?? undefined;
}
