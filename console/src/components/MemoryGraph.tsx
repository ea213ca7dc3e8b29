import type { MemoryEntry } from '../api/types';
import { layoutGraph, NODE_H, NODE_W, short, type GraphEdge, type GraphNode } from './graph-layout';

/** How far right of its nodes an arc between rows bulges. */
function bulgeOf(edge: GraphEdge): number {
  return 20 + Math.abs(edge.to.y - edge.from.y) / 4;
}

/** The x where an arc between rows is furthest right: a cubic with both controls at the bulge gets 3/4 of it. */
function arcApexX(edge: GraphEdge): number {
  return Math.max(edge.from.x, edge.to.x) + NODE_W + (bulgeOf(edge) * 3) / 4;
}

const LABEL_ROOM = 56;

function edgePath(edge: GraphEdge): string {
  const { from, to } = edge;
  if (from.y === to.y) return `M${from.x + NODE_W} ${from.y + NODE_H / 2} L${to.x - 6} ${to.y + NODE_H / 2}`;
  // Between rows: an arc out of the right edge of one node into the right edge of the other.
  const x1 = from.x + NODE_W;
  const x2 = to.x + NODE_W;
  const y1 = from.y + NODE_H / 2;
  const y2 = to.y + NODE_H / 2;
  const bulge = Math.max(x1, x2) + bulgeOf(edge);
  return `M${x1} ${y1} C${bulge} ${y1} ${bulge} ${y2} ${x2 + 6} ${y2}`;
}

function nodeClass(node: GraphNode): string {
  const classes = ['node'];
  if (node.version.isLatest) classes.push('node-latest');
  if (node.version.isForgotten) classes.push('node-forgotten');
  if (node.entry.isInference && node.version.isLatest) classes.push('node-inferred');
  return classes.join(' ');
}

function describe(node: GraphNode): string {
  const flags = [
    `version ${node.version.version}`,
    node.version.isLatest ? 'latest' : 'older version',
    node.version.isForgotten ? 'forgotten' : '',
    node.entry.isInference && node.version.isLatest ? 'inferred' : '',
  ].filter(Boolean);
  return `${node.version.memory} (${flags.join(', ')})`;
}

/** The version chains and relations of the listed memories; the list beside it says the same in text. */
export function MemoryGraph({ entries }: { entries: MemoryEntry[] }) {
  const { nodes, edges, width, height } = layoutGraph(entries);
  const arcs = edges.filter((e) => e.from.y !== e.to.y);
  const relationCount = edges.filter((e) => e.relation !== 'updates').length;
  // Room on the right for the arcs and their labels, beside the widest node they start from.
  const extra = Math.max(0, ...arcs.map((e) => arcApexX(e) + LABEL_ROOM - width));
  return (
    <figure className="graph">
      <div className="graph-scroll">
        <svg width={width + extra} height={height} viewBox={`0 0 ${width + extra} ${height}`} role="img" aria-labelledby="graph-title">
          <title id="graph-title">
            {`${entries.length} memories, ${nodes.length - entries.length} earlier versions, ${relationCount} relations between memories`}
          </title>
          <defs>
            <marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
              <path d="M0 0 L10 5 L0 10 z" className="arrowhead" />
            </marker>
          </defs>
          {edges.map((edge, i) => (
            <g key={`e${i}`} className={`edge edge-${edge.relation}`}>
              <path d={edgePath(edge)} markerEnd="url(#arrow)" fill="none" />
              {edge.from.y === edge.to.y ? (
                <text x={(edge.from.x + NODE_W + edge.to.x) / 2} y={edge.from.y + NODE_H / 2 - 5} textAnchor="middle" className="edge-label">
                  {edge.relation}
                </text>
              ) : (
                <text x={arcApexX(edge) + 4} y={(edge.from.y + edge.to.y) / 2 + NODE_H / 2 + 4} className="edge-label">
                  {edge.relation}
                </text>
              )}
            </g>
          ))}
          {nodes.map((node) => (
            <g key={node.id} className={nodeClass(node)} transform={`translate(${node.x} ${node.y})`}>
              <title>{describe(node)}</title>
              <rect width={NODE_W} height={NODE_H} rx={6} />
              <text x={8} y={NODE_H / 2 + 4}>
                {`v${node.version.version} ${short(node.version.memory)}`}
              </text>
            </g>
          ))}
        </svg>
      </div>
      <figcaption className="legend">
        <span className="legend-item legend-latest">latest</span>
        <span className="legend-item legend-older">older version</span>
        <span className="legend-item legend-forgotten">forgotten</span>
        <span className="legend-item legend-inferred">inferred</span>
        <span>→ updates (new version); dashed arcs: extends / derives</span>
      </figcaption>
    </figure>
  );
}
