import type { MemoryEntry, MemoryVersion, Relation } from '../api/types';

export const NODE_W = 230;
export const NODE_H = 34;
const COL_GAP = 56;
const ROW_GAP = 22;
const PAD = 16;
const LABEL_CHARS = 30;

export interface GraphNode {
  id: string;
  x: number;
  y: number;
  version: MemoryVersion;
  entry: MemoryEntry;
}

export interface GraphEdge {
  from: GraphNode;
  to: GraphNode;
  relation: Relation;
}

export const short = (text: string) => (text.length > LABEL_CHARS ? `${text.slice(0, LABEL_CHARS - 1)}…` : text);

/** One row per version chain, oldest version on the left; relations between chains drawn as arcs. */
export function layoutGraph(entries: MemoryEntry[]): { nodes: GraphNode[]; edges: GraphEdge[]; width: number; height: number } {
  const nodes: GraphNode[] = [];
  const byId = new Map<string, GraphNode>();
  const edges: GraphEdge[] = [];
  let columns = 1;
  entries.forEach((entry, row) => {
    const chain = [...entry.history, entry].sort((a, b) => a.version - b.version);
    columns = Math.max(columns, chain.length);
    chain.forEach((version, col) => {
      const node = { id: version.id, x: PAD + col * (NODE_W + COL_GAP), y: PAD + row * (NODE_H + ROW_GAP), version, entry };
      nodes.push(node);
      byId.set(version.id, node);
      if (col > 0) edges.push({ from: nodes[nodes.length - 2], to: node, relation: 'updates' });
    });
  });
  const drawn = new Set<string>();
  for (const entry of entries) {
    for (const [otherId, relation] of Object.entries(entry.memoryRelations ?? {})) {
      const from = byId.get(entry.id);
      const to = byId.get(otherId);
      // A chain's own `updates` link is already drawn along its row; a pair named from both ends once.
      const pair = [entry.id, otherId].sort().join(' ') + relation;
      if (!from || !to || from.entry === to.entry || drawn.has(pair)) continue;
      drawn.add(pair);
      edges.push({ from, to, relation });
    }
  }
  return {
    nodes,
    edges,
    width: PAD * 2 + columns * NODE_W + (columns - 1) * COL_GAP,
    height: PAD * 2 + Math.max(1, entries.length) * (NODE_H + ROW_GAP) - ROW_GAP,
  };
}
