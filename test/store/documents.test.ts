import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/store/database.js';
import {
  deleteDocuments,
  getDocument,
  insertDocument,
  updateDocument,
  updateDocumentGeneration,
  findDocumentsByCustomId,
} from '../../src/store/documents.js';
import { DuplicateKeyError } from '../../src/store/errors.js';
import { newId, newOrg, openStoreDatabase, type StoreFixture } from '../helpers/store-database.js';

describe('store: documents', () => {
  let fixture: StoreFixture;
  let database: Database;
  let orgA: string;
  let orgB: string;

  beforeAll(async () => {
    fixture = await openStoreDatabase();
    database = fixture.database;
    orgA = await newOrg(database);
    orgB = await newOrg(database);
  });
  afterAll(async () => fixture?.close());

  const add = (orgId: string, fields: Record<string, unknown> = {}) =>
    insertDocument(database.db, { id: newId('d'), orgId, containerTag: 'tag', content: 'text', status: 'queued', ...fields });

  it('inserts, gets, updates and deletes a document', async () => {
    const doc = await add(orgA, { customId: 'c1', metadata: { a: 1 } });
    expect(await getDocument(database.db, orgA, doc.id)).toMatchObject({ id: doc.id, customId: 'c1', metadata: { a: 1 }, status: 'queued' });

    const updated = await updateDocument(database.db, orgA, doc.id, { status: 'done', metadata: { a: 2 } });
    expect(updated).toMatchObject({ id: doc.id, status: 'done', metadata: { a: 2 } });
    expect((await getDocument(database.db, orgA, doc.id))?.status).toBe('done');

    expect(await deleteDocuments(database.db, orgA, [doc.id, 'NoSuchDocument00000000'])).toEqual([doc.id]);
    expect(await getDocument(database.db, orgA, doc.id)).toBeUndefined();
  });

  it("gives another organization nothing of a document: no read, no update, no delete", async () => {
    const doc = await add(orgA, { customId: 'private' });
    expect(await getDocument(database.db, orgB, doc.id)).toBeUndefined();
    expect(await findDocumentsByCustomId(database.db, orgB, 'private')).toEqual([]);
    expect(await updateDocument(database.db, orgB, doc.id, { content: 'taken over' })).toBeUndefined();
    expect(await deleteDocuments(database.db, orgB, [doc.id])).toEqual([]);
    expect(await getDocument(database.db, orgA, doc.id)).toMatchObject({ content: 'text' });
  });

  it('confines a lookup to the tags it is given', async () => {
    const doc = await add(orgA, { containerTag: 'inside' });
    expect((await getDocument(database.db, orgA, doc.id, { containerTags: ['inside'] }))?.id).toBe(doc.id);
    expect(await getDocument(database.db, orgA, doc.id, { containerTags: ['outside'] })).toBeUndefined();
  });

  it('writes pipeline progress only for the generation the job was queued for', async () => {
    const doc = await add(orgA, { generation: 1 });
    expect(await updateDocumentGeneration(database.db, orgA, doc.id, 1, { status: 'chunking' })).toBe(true);
    await updateDocument(database.db, orgA, doc.id, { generation: 2, content: 'newer' });
    expect(await updateDocumentGeneration(database.db, orgA, doc.id, 1, { status: 'done' })).toBe(false);
    expect(await getDocument(database.db, orgA, doc.id)).toMatchObject({ status: 'chunking', generation: 2 });
    expect(await updateDocumentGeneration(database.db, orgB, doc.id, 2, { status: 'done' })).toBe(false);
    expect(await updateDocumentGeneration(database.db, orgA, doc.id, 2, { status: 'done' })).toBe(true);
  });

  it('throws DuplicateKeyError for a customId the tag holds already, on insert and on update', async () => {
    await add(orgA, { containerTag: 'dup', customId: 'same' });
    await expect(add(orgA, { containerTag: 'dup', customId: 'same' })).rejects.toBeInstanceOf(DuplicateKeyError);
    const other = await add(orgA, { containerTag: 'dup', customId: 'other' });
    await expect(updateDocument(database.db, orgA, other.id, { customId: 'same' })).rejects.toBeInstanceOf(DuplicateKeyError);
    // The same customId in another tag or another organization is another document.
    await expect(add(orgA, { containerTag: 'dup_elsewhere', customId: 'same' })).resolves.toMatchObject({ customId: 'same' });
    await expect(add(orgB, { containerTag: 'dup', customId: 'same' })).resolves.toMatchObject({ customId: 'same' });
  });
});
