import { contentWords, words } from '../../ai/text/words.js';

/**
 * Whether a memory states what a forget query is about, not merely something about the same
 * entity: "Alice has an exam" matches "Alice has an exam tomorrow" but not "Alice is a software
 * architect". The query's topic is its content words other than the names it mentions; a query of
 * names only ("Alice") is about everything said of them.
 */
export function statesQueryTopic(query: string, memory: string): boolean {
  const capitalised = (text: string) => new Set((text.match(/\p{Lu}[\p{L}'-]*/gu) ?? []).flatMap((w) => words(w)));
  const inMemory = capitalised(memory);
  // A capitalised first word is a name only when the memory writes it capitalised too.
  const first = words(query)[0];
  const names = new Set([...capitalised(query)].filter((w) => w !== first || inMemory.has(w)));
  const topic = contentWords(query).filter((w) => !names.has(w));
  if (topic.length === 0) return [...names].every((name) => inMemory.has(name));
  const said = new Set(contentWords(memory));
  return topic.some((w) => said.has(w));
}
