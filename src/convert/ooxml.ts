import type { Budget } from './limits.js';
import { readXmlIfPresent, resolvePartPath } from './parts.js';
import { attr, findAll } from './xml.js';
import type { ZipArchive } from './zip.js';

export interface Relationship {
  id: string;
  type: string;
  /** Resolved part path inside the package, or the URL for an external target. */
  target: string;
  external: boolean;
}

/** The relationships of a part ('ppt/slides/slide1.xml' → 'ppt/slides/_rels/slide1.xml.rels') by id. */
export async function relationshipsOf(zip: ZipArchive, part: string, budget: Budget): Promise<Map<string, Relationship>> {
  const slash = part.lastIndexOf('/');
  const relsPath = `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
  const nodes = await readXmlIfPresent(zip, relsPath, budget);
  const rels = new Map<string, Relationship>();
  for (const rel of nodes ? findAll(nodes, 'Relationship') : []) {
    const id = attr(rel, 'Id');
    const target = attr(rel, 'Target');
    if (!id || !target) continue;
    const external = attr(rel, 'TargetMode') === 'External';
    rels.set(id, { id, type: attr(rel, 'Type') ?? '', target: external ? target : resolvePartPath(part, target), external });
  }
  return rels;
}

/** The relationship type's last segment: '.../relationships/notesSlide' → 'notesSlide'. */
export function relKind(rel: Relationship): string {
  return rel.type.slice(rel.type.lastIndexOf('/') + 1);
}
