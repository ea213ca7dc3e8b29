import { describe, expect, it } from 'vitest';
import { combineSpaceSettings, MergeFailure, planCustomIdRenames } from './merges.js';
import type { SpaceRecord } from '../../model/tags.js';

const doc = (id: string, customId: string, containerTag: string) => ({ id: id.padEnd(22, '0'), customId, containerTag });

describe('planCustomIdRenames', () => {
  it('renames nothing when customIds do not clash', () => {
    expect(planCustomIdRenames('dst', 'src', [doc('a', 'one', 'src'), doc('b', 'two', 'dst')])).toEqual([]);
  });

  it("keeps the target's customId and suffixes the incoming one with its source tag", () => {
    expect(planCustomIdRenames('dst', 'src', [doc('a', 'notes', 'src'), doc('b', 'notes', 'dst')])).toEqual([
      { documentId: 'a'.padEnd(22, '0'), from: 'notes', to: 'notes:src' },
    ]);
  });

  it('falls back to the document id when the suffixed name is taken or too long', () => {
    const taken = planCustomIdRenames('dst', 'src', [doc('a', 'notes', 'src'), doc('b', 'notes', 'dst'), doc('c', 'notes:src', 'dst')]);
    expect(taken).toEqual([{ documentId: 'a'.padEnd(22, '0'), from: 'notes', to: `notes:${'a'.padEnd(22, '0')}` }]);

    const long = 'x'.repeat(95);
    const [rename] = planCustomIdRenames('dst', 'source_tag', [doc('a', long, 'source_tag'), doc('b', long, 'dst')]);
    expect(rename.to).toBe(`${'x'.repeat(77)}:${'a'.padEnd(22, '0')}`);
    expect(rename.to).toHaveLength(100);
  });

  it('does not hand a new name to two documents, nor take an original customId of the source', () => {
    const renames = planCustomIdRenames('dst', 'src', [doc('a', 'x', 'src'), doc('b', 'x:src', 'src'), doc('c', 'x', 'dst')]);
    // "x:src" is a document of the source that keeps its own name, so the clashing "x" cannot take it.
    expect(renames).toEqual([{ documentId: 'a'.padEnd(22, '0'), from: 'x', to: `x:${'a'.padEnd(22, '0')}` }]);
  });

  it('is deterministic whatever order the rows come in', () => {
    const rows = [doc('b', 'k', 'src'), doc('a', 'j', 'src'), doc('c', 'k', 'dst'), doc('d', 'j', 'dst')];
    expect(planCustomIdRenames('dst', 'src', rows)).toEqual(planCustomIdRenames('dst', 'src', [...rows].reverse()));
  });

  it('gives up, rather than dropping a customId, when no name is free', () => {
    const id = 'a'.padEnd(22, '0');
    expect(() => planCustomIdRenames('dst', 'src', [doc('a', 'n', 'src'), doc('b', 'n', 'dst'), doc('c', 'n:src', 'dst'), doc('d', `n:${id}`, 'dst')])).toThrow(
      MergeFailure,
    );
  });
});

const space = (fields: Partial<SpaceRecord>): SpaceRecord => ({
  id: 'id',
  orgId: 'org',
  containerTag: 'tag',
  name: null,
  entityContext: null,
  memoryFilesystemPaths: null,
  profileBuckets: null,
  createdAt: new Date(0),
  updatedAt: new Date(0),
  ...fields,
});

describe('combineSpaceSettings', () => {
  it("keeps the target's settings and fills what it lacks from the first source that has it", () => {
    const patch = combineSpaceSettings(space({ name: 'Target' }), [
      space({ name: 'First', memoryFilesystemPaths: ['/a/'] }),
      space({ entityContext: 'second context', memoryFilesystemPaths: ['/b/'] }),
    ]);
    expect(patch).toEqual({ entityContext: 'second context', memoryFilesystemPaths: ['/a/'] });
  });

  it('joins profile buckets by key, the target winning, and caps them at 50', () => {
    const patch = combineSpaceSettings(space({ profileBuckets: [{ key: 'home', description: 'target' }] }), [
      space({
        profileBuckets: [
          { key: 'home', description: 'source' },
          { key: 'work', description: '' },
        ],
      }),
    ]);
    expect(patch.profileBuckets).toEqual([
      { key: 'home', description: 'target' },
      { key: 'work', description: '' },
    ]);
    const many = Array.from({ length: 60 }, (_, i) => ({ key: `k${i}`, description: '' }));
    expect(combineSpaceSettings(undefined, [space({ profileBuckets: many })]).profileBuckets).toHaveLength(50);
  });

  it('changes nothing when the sources add nothing', () => {
    expect(combineSpaceSettings(space({ name: 'T', profileBuckets: [{ key: 'a', description: '' }] }), [space({ name: 'S' })])).toEqual({});
    expect(combineSpaceSettings(undefined, [])).toEqual({});
  });
});
