import type { ListedMemory } from '../core/memories/listing.js';
import type { Profile } from '../core/profiles/profile-service.js';

/** A space's profile as markdown: lasting facts, recent context, then each bucket (`noun` names the space in the title). */
export function profileText(containerTag: string, profile: Profile, noun = 'space'): string {
  const section = (title: string, lines: string[]) => [`## ${title}`, ...(lines.length ? lines.map((l) => `- ${l}`) : ['(none yet)'])];
  const buckets = Object.entries(profile.buckets).flatMap(([key, lines]) => section(`Bucket: ${key}`, lines));
  return [
    `# Profile of ${noun} "${containerTag}"`,
    ...section('Lasting facts', profile.static),
    ...section('Recent context', profile.dynamic),
    ...buckets,
  ].join('\n');
}

/** The latest memories of a space as markdown, newest first, each with its id. */
export function memoryListText(containerTag: string, items: ListedMemory[], total: number): string {
  const head = `# Recent memories of space "${containerTag}" (${items.length} of ${total})`;
  if (!items.length) return `${head}\n(none yet)`;
  return [head, ...items.map(({ memory: m }) => `- ${m.memory} (memory id: ${m.id}, updated ${m.updatedAt.toISOString()})`)].join('\n');
}
