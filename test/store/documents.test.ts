import { describe, expect, it } from 'vitest';
import { deleteDocumentsAndLinks } from '../../src/store/document-removal.js';
import { getDocument, insertDocument, updateDocument, updateDocumentGeneration, findDocumentsByCustomId } from '../../src/store/documents.js';
import { DuplicateKeyError } from '../../src/store/errors.js';
import { newId, useTwoOrgStore } from '../helpers/store-database.js';

describe('store: documents', () => {
  const store = useTwoOrgStore();

  const add = (orgId: string, fields: Record<string, unknown> = {}) =>
    insertDocument(store.database.db, { id: newId('d'), orgId, containerTag: 'tag', content: 'text', status: 'queued', ...fields });

  it('inserts, gets, updates and deletes a document', async () => {
    const doc = await add(store.orgA, { customId: 'c1', metadata: { a: 1 } });
    expect(await getDocument(store.database.db, store.orgA, doc.id)).toMatchObject({ id: doc.id, customId: 'c1', metadata: { a: 1 }, status: 'queued' });

    const updated = await updateDocument(store.database.db, store.orgA, doc.id, { status: 'done', metadata: { a: 2 } }, new Date());
    expect(updated).toMatchObject({ id: doc.id, status: 'done', metadata: { a: 2 } });
    expect((await getDocument(store.database.db, store.orgA, doc.id))?.status).toBe('done');

    const removed = await deleteDocumentsAndLinks(store.database.db, store.orgA, { ids: [doc.id, 'NoSuchDocument00000000'] });
    expect(removed).toEqual({ documents: [{ id: doc.id, containerTag: 'tag' }], unlinkedMemoryIds: [] });
    expect(await getDocument(store.database.db, store.orgA, doc.id)).toBeUndefined();
  });

  it('gives another organization nothing of a document: no read, no update, no delete', async () => {
    const doc = await add(store.orgA, { customId: 'private' });
    expect(await getDocument(store.database.db, store.orgB, doc.id)).toBeUndefined();
    expect(await findDocumentsByCustomId(store.database.db, store.orgB, 'private')).toEqual([]);
    expect(await updateDocument(store.database.db, store.orgB, doc.id, { content: 'taken over' }, new Date())).toBeUndefined();
    expect(await deleteDocumentsAndLinks(store.database.db, store.orgB, { ids: [doc.id] })).toEqual({ documents: [], unlinkedMemoryIds: [] });
    expect(await getDocument(store.database.db, store.orgA, doc.id)).toMatchObject({ content: 'text' });
  });

  it('confines a lookup to the tags it is given', async () => {
    const doc = await add(store.orgA, { containerTag: 'inside' });
    expect((await getDocument(store.database.db, store.orgA, doc.id, { containerTags: ['inside'] }))?.id).toBe(doc.id);
    expect(await getDocument(store.database.db, store.orgA, doc.id, { containerTags: ['outside'] })).toBeUndefined();
  });

  it('writes pipeline progress only for the generation the job was queued for', async () => {
    const doc = await add(store.orgA, { generation: 1 });
    expect(await updateDocumentGeneration(store.database.db, store.orgA, doc.id, 1, { status: 'chunking' }, new Date())).toBe(true);
    await updateDocument(store.database.db, store.orgA, doc.id, { generation: 2, content: 'newer' }, new Date());
    expect(await updateDocumentGeneration(store.database.db, store.orgA, doc.id, 1, { status: 'done' }, new Date())).toBe(false);
    expect(await getDocument(store.database.db, store.orgA, doc.id)).toMatchObject({ status: 'chunking', generation: 2 });
    expect(await updateDocumentGeneration(store.database.db, store.orgB, doc.id, 2, { status: 'done' }, new Date())).toBe(false);
    expect(await updateDocumentGeneration(store.database.db, store.orgA, doc.id, 2, { status: 'done' }, new Date())).toBe(true);
  });

  it('throws DuplicateKeyError for a customId the tag holds already, on insert and on update', async () => {
    await add(store.orgA, { containerTag: 'dup', customId: 'same' });
    await expect(add(store.orgA, { containerTag: 'dup', customId: 'same' })).rejects.toBeInstanceOf(DuplicateKeyError);
    const other = await add(store.orgA, { containerTag: 'dup', customId: 'other' });
    await expect(updateDocument(store.database.db, store.orgA, other.id, { customId: 'same' }, new Date())).rejects.toBeInstanceOf(DuplicateKeyError);
    // The same customId in another tag or another organization is another document.
    await expect(add(store.orgA, { containerTag: 'dup_elsewhere', customId: 'same' })).resolves.toMatchObject({ customId: 'same' });
    await expect(add(store.orgB, { containerTag: 'dup', customId: 'same' })).resolves.toMatchObject({ customId: 'same' });
  });
});
