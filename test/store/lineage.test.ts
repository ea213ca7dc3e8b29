import { describe, expect, it } from 'vitest';
import { deleteDocumentsAndLinks } from '../../src/store/document-removal.js';
import { insertConnection } from '../../src/store/connections.js';
import { insertDocument } from '../../src/store/documents.js';
import {
  copyMemory,
  deleteMemoryRows,
  findLiveStatement,
  memoriesRelatedTo,
  memoriesWithSourceCounts,
  memorySimilarities,
  recountSources,
  unlinkDocument,
} from '../../src/store/memories/lineage.js';
import { listSourceDocuments } from '../../src/store/memories/records.js';
import { insertMemories, linkMemorySources } from '../../src/store/memories/writes.js';
import { newId, useTwoOrgStore } from '../helpers/store-database.js';

describe('store: lineage (document removal and what memories were drawn from)', () => {
  const store = useTwoOrgStore();
  const db = () => store.database.db;

  const doc = async (orgId: string, fields: Record<string, unknown> = {}) =>
    (await insertDocument(db(), { id: newId('d'), orgId, containerTag: 'tag', content: 'text', status: 'done', ...fields })).id;
  const memory = async (orgId: string, text: string, sources: string[], fields: Record<string, unknown> = {}) => {
    const [row] = await insertMemories(db(), [{ id: newId('m'), orgId, containerTag: 'tag', memory: text, sourceCount: sources.length || 1, ...fields }]);
    await linkMemorySources(
      db(),
      orgId,
      sources.map((documentId) => ({ memoryId: row.id, documentId })),
    );
    return row.id;
  };

  it('deletes the documents of each kind of scope and tells which memories they were sources of', async () => {
    const org = store.orgA;
    const [a, b, c] = [await doc(org, { containerTag: 'one' }), await doc(org, { containerTag: 'one' }), await doc(org, { containerTag: 'two' })];
    const onlyA = await memory(org, 'only a', [a]);
    const shared = await memory(org, 'a and c', [a, c]);
    await memory(org, 'only c', [c]);

    const removed = await deleteDocumentsAndLinks(db(), org, { ids: [a, b] });
    expect(removed.documents.map((d) => d.id).sort()).toEqual([a, b].sort());
    expect(removed.documents.every((d) => d.containerTag === 'one')).toBe(true);
    expect(removed.unlinkedMemoryIds.sort()).toEqual([onlyA, shared].sort());
    // The links went with the documents; the memories are the caller's to settle.
    expect(await memoriesWithSourceCounts(db(), org, [onlyA, shared])).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: onlyA, sources: 0 }), expect.objectContaining({ id: shared, sources: 1 })]),
    );

    const inFolder = await doc(org, { containerTag: 'three', filepath: '/notes/x.md' });
    const outside = await doc(org, { containerTag: 'three', filepath: '/other/y.md' });
    expect((await deleteDocumentsAndLinks(db(), org, { filepath: '/notes/' })).documents.map((d) => d.id)).toEqual([inFolder]);
    expect((await deleteDocumentsAndLinks(db(), org, { containerTags: ['three'] })).documents.map((d) => d.id)).toEqual([outside]);

    const connectionId = newId('c');
    await insertConnection(db(), { id: connectionId, orgId: org, kind: 'meetings', containerTag: 'four', status: 'active' });
    const [x, y] = [await doc(org, { connectionId, externalId: 'x' }), await doc(org, { connectionId, externalId: 'y' })];
    expect((await deleteDocumentsAndLinks(db(), org, { connectionId, externalIds: ['x', 'nowhere'] })).documents.map((d) => d.id)).toEqual([x]);
    expect((await deleteDocumentsAndLinks(db(), org, { connectionId, externalIds: [] })).documents).toEqual([]);
    expect((await deleteDocumentsAndLinks(db(), org, { connectionId })).documents.map((d) => d.id)).toEqual([y]);
    expect((await deleteDocumentsAndLinks(db(), org, { ids: [] })).documents).toEqual([]);
  });

  it("never deletes or reads another organization's documents", async () => {
    const theirs = await doc(store.orgB);
    await memory(store.orgB, 'theirs', [theirs]);
    expect(await deleteDocumentsAndLinks(db(), store.orgA, { ids: [theirs] })).toEqual({ documents: [], unlinkedMemoryIds: [] });
    expect((await deleteDocumentsAndLinks(db(), store.orgA, { batch: 1000 })).documents.some((d) => d.id === theirs)).toBe(false);
    expect((await deleteDocumentsAndLinks(db(), store.orgA, {})).documents).toEqual([]);
    expect((await deleteDocumentsAndLinks(db(), store.orgB, { batch: 1 })).documents.map((d) => d.id)).toEqual([theirs]);
  });

  it('unlinks a document from memories of one tag, recounts sources and finds what relates to memories', async () => {
    const org = store.orgA;
    const [a, b] = [await doc(org), await doc(org)];
    const both = await memory(org, 'both', [a, b], { sourceCount: 2 });
    const elsewhere = await memory(org, 'in another tag', [a], { containerTag: 'elsewhere' });
    expect(await unlinkDocument(db(), org, a, { containerTag: 'tag' })).toEqual([both]);
    expect(await unlinkDocument(db(), store.orgB, b, { containerTag: 'tag' })).toEqual([]);
    expect(await listSourceDocuments(db(), org, [both, elsewhere])).toEqual(
      expect.arrayContaining([
        { memoryId: both, documentId: b },
        { memoryId: elsewhere, documentId: a },
      ]),
    );
    await recountSources(db(), org, [both], new Date());
    expect((await memoriesWithSourceCounts(db(), org, [both]))[0]).toMatchObject({ sourceCount: 1, sources: 1 });

    const inference = await memory(org, 'an inference', [a], { isInference: true, sourceCount: 2, relations: { [both]: 'derives', [elsewhere]: 'derives' } });
    expect((await memoriesRelatedTo(db(), org, ['tag'], [both])).map((m) => m.id)).toEqual([inference]);
    expect(await memoriesRelatedTo(db(), org, ['elsewhere'], [both])).toEqual([]);
    expect(await memoriesRelatedTo(db(), store.orgB, ['tag'], [both])).toEqual([]);
    await recountSources(db(), org, [inference], new Date());
    expect((await memoriesWithSourceCounts(db(), org, [inference]))[0].sourceCount).toBe(2);

    await deleteMemoryRows(db(), store.orgB, [both]);
    expect(await memoriesWithSourceCounts(db(), org, [both])).toHaveLength(1);
    await deleteMemoryRows(db(), org, [both]);
    expect(await memoriesWithSourceCounts(db(), org, [both])).toEqual([]);
  });

  it('gives the cosine similarity of stored memories pairwise', async () => {
    const org = store.orgA;
    const v = (x: number, y: number) => Array.from({ length: 8 }, (_, i) => (i === 0 ? x : i === 1 ? y : 0));
    const [m1, m2, m3] = [
      await memory(org, 'east', [], { embedding: v(1, 0) }),
      await memory(org, 'north', [], { embedding: v(0, 1) }),
      await memory(org, 'north east', [], { embedding: v(1, 1) }),
    ];
    const pairs = await memorySimilarities(db(), org, [m1], [m2, m3]);
    expect(pairs.find((p) => p.b === m2)!.similarity).toBeCloseTo(0, 5);
    expect(pairs.find((p) => p.b === m3)!.similarity).toBeCloseTo(Math.SQRT1_2, 5);
    expect(await memorySimilarities(db(), store.orgB, [m1], [m2])).toEqual([]);
  });

  it('finds a live statement of a tag by its exact text, and copies a memory into another tag with its vector', async () => {
    const org = store.orgA;
    const embedding = Array.from({ length: 8 }, (_, i) => (i === 2 ? 1 : 0));
    const original = await memory(org, 'Ada keeps a rowing boat', [], { embedding, isStatic: true, metadata: { kind: 'note' } });
    await memory(org, 'Ada keeps a rowing boat', [], { isForgotten: true, containerTag: 'copies' });
    expect(await findLiveStatement(db(), org, 'copies', 'Ada keeps a rowing boat')).toBeUndefined();
    expect(await findLiveStatement(db(), store.orgB, 'tag', 'Ada keeps a rowing boat')).toBeUndefined();
    expect((await findLiveStatement(db(), org, 'tag', 'Ada keeps a rowing boat'))?.id).toBe(original);
    expect(await findLiveStatement(db(), org, 'tag', 'Ada keeps a rowing boat', [original])).toBeUndefined();

    const copy = newId('m');
    await copyMemory(db(), org, original, { id: copy, containerTag: 'copies', buckets: ['hobbies'] }, new Date());
    await copyMemory(db(), store.orgB, original, { id: newId('m'), containerTag: 'copies', buckets: [] }, new Date());
    const found = await findLiveStatement(db(), org, 'copies', 'Ada keeps a rowing boat');
    expect(found).toMatchObject({ id: copy, version: 1, isLatest: true, isStatic: true, sourceCount: 1, buckets: ['hobbies'], metadata: { kind: 'note' } });
    expect((await memorySimilarities(db(), org, [original], [copy]))[0].similarity).toBeCloseTo(1, 5);
    expect(await findLiveStatement(db(), store.orgB, 'copies', 'Ada keeps a rowing boat')).toBeUndefined();
  });
});
