/** What is embedded for a chunk: its heading path gives a passage the context its text may lack. */
export function chunkEmbeddingText(headingPath: string[], content: string): string {
  return headingPath.length ? `${headingPath.join(' > ')}\n\n${content}` : content;
}
