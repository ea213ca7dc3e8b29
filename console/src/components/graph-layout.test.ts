import { describe, expect, it } from 'vitest';
import type { MemoryEntry, MemoryVersion } from '../api/types';
import { layoutGraph } from './graph-layout';

function version(id: string, n: number, extra: Partial<MemoryVersion> = {}): MemoryVersion {
  return {
    id,
    memory: `memory ${id}`,
    version: n,
    createdAt: '',
    updatedAt: '',
    parentMemoryId: null,
    rootMemoryId: null,
    isLatest: false,
    isForgotten: false,
    ...extra,
  };
}

function entry(id: string, history: MemoryVersion[] = [], extra: Partial<MemoryEntry> = {}): MemoryEntry {
  return {
    ...version(id, history.length + 1, { isLatest: true }),
    containerTag: 't',
    orgId: 'o',
    spaceId: null,
    metadata: null,
    isStatic: false,
    isInference: false,
    updatedAt: '',
    sourceCount: 1,
    forgetAfter: null,
    forgetReason: null,
    memoryRelations: {},
    temporalContext: null,
    history,
    documentIds: [],
    ...extra,
  };
}

describe('the memory graph layout', () => {
  it('puts each chain on its own row, oldest version first, linked by updates', () => {
    const chain = entry('c3', [version('c2', 2), version('c1', 1)]);
    const { nodes, edges } = layoutGraph([entry('a'), chain]);
    const row = nodes.filter((n) => n.entry === chain);
    expect(row.map((n) => n.id)).toEqual(['c1', 'c2', 'c3']);
    expect(new Set(row.map((n) => n.y)).size).toBe(1);
    expect(row[0].x).toBeLessThan(row[1].x);
    expect(edges.map((e) => [e.from.id, e.to.id, e.relation])).toEqual([
      ['c1', 'c2', 'updates'],
      ['c2', 'c3', 'updates'],
    ]);
  });

  it('draws a relation between chains once, and none to a memory not on the page', () => {
    const a = entry('a', [], { memoryRelations: { b: 'extends', gone: 'derives' } });
    const b = entry('b', [], { memoryRelations: { a: 'extends' } });
    const inferred = entry('i', [], { isInference: true, memoryRelations: { a: 'derives', b: 'derives' } });
    const { edges } = layoutGraph([a, b, inferred]);
    expect(edges.map((e) => `${e.from.id}>${e.to.id}:${e.relation}`)).toEqual(['a>b:extends', 'i>a:derives', 'i>b:derives']);
  });

  it('grows with the longest chain and the number of chains', () => {
    const one = layoutGraph([entry('a')]);
    const longer = layoutGraph([entry('a'), entry('c', [version('b', 1)])]);
    expect(longer.width).toBeGreaterThan(one.width);
    expect(longer.height).toBeGreaterThan(one.height);
  });
});
