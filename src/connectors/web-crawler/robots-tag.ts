/** Directives that carry a value after a colon; any other `name:` opens the directives for an agent. */
const VALUED = new Set(['unavailable_after', 'max-snippet', 'max-image-preview', 'max-video-preview']);

/**
 * What an `X-Robots-Tag` header tells `agent` (our User-Agent's product token): `noindex` (or
 * `none`) keeps the page out, `nofollow` (or `none`) its links unfollowed. Directives after
 * `name:` are for that agent alone, up to the next such name, as the header's definition has it;
 * several headers arrive joined with `, `, so a header without a name that follows one with a name
 * is read as that agent's too.
 */
export function readRobotsTag(header: string | null, agent: string): { noindex: boolean; nofollow: boolean } {
  const ours = agent.toLowerCase();
  const directives = new Set<string>();
  let forUs = true;
  for (const part of (header ?? '').toLowerCase().split(',')) {
    let token = part.trim();
    const colon = token.indexOf(':');
    if (colon > 0) {
      const name = token.slice(0, colon).trim();
      if (!VALUED.has(name)) {
        forUs = name === ours;
        token = token.slice(colon + 1).trim();
      }
    }
    if (forUs) for (const directive of token.split(/\s+/)) directives.add(directive);
  }
  const none = directives.has('none');
  return { noindex: none || directives.has('noindex'), nofollow: none || directives.has('nofollow') };
}
