import { and, asc, count, desc, eq, getTableColumns, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FilterNode } from '../model/filters.js';
import type { Tx } from './database.js';
import { firstRow } from './rows.js';
import { failOnDuplicate } from './errors.js';
import { filterToSql } from './filter-sql.js';
import { documents } from './schema/documents.js';
import type { DocumentRecord, ListedDocument, StoredFile } from '../model/documents.js';
import { documentFiles } from './schema/document-files.js';

export type NewDocument = typeof documents.$inferInsert;
export type DocumentPatch = Partial<Omit<NewDocument, 'id' | 'orgId'>>;

const TERMINAL_STATUSES = ['done', 'failed'];

/** Throws DuplicateKeyError when the tag holds a document with its customId already. */
export async function insertDocument(db: Tx, doc: NewDocument): Promise<DocumentRecord> {
  const [row] = await failOnDuplicate(() => db.insert(documents).values(doc).returning());
  return row;
}

/** Where a lookup by id or customId may look, and whether it locks what it finds. */
export interface DocumentLookup {
  /** Only documents in these tags are read; undefined = the whole org. */
  containerTags?: string[];
  /** Locks the row for the rest of the transaction, so concurrent changes apply one after the other. */
  forUpdate?: boolean;
}

function lookupWhere(orgId: string, lookup: DocumentLookup, match: SQL): SQL | undefined {
  const where = [eq(documents.orgId, orgId), match];
  if (lookup.containerTags) where.push(inArray(documents.containerTag, lookup.containerTags));
  return and(...where);
}

export async function getDocument(db: Tx, orgId: string, id: string, lookup: DocumentLookup = {}): Promise<DocumentRecord | undefined> {
  const query = db
    .select()
    .from(documents)
    .where(lookupWhere(orgId, lookup, eq(documents.id, id)))
    .limit(1);
  const [row] = lookup.forUpdate ? await query.for('update') : await query;
  return row;
}

/** What a pipeline stage checks before it commits: the document's generation and tag, without its content. */
export async function getDocumentGeneration(
  db: Tx,
  orgId: string,
  id: string,
  lookup: DocumentLookup = {},
): Promise<{ generation: number; containerTag: string } | undefined> {
  const query = db
    .select({ generation: documents.generation, containerTag: documents.containerTag })
    .from(documents)
    .where(lookupWhere(orgId, lookup, eq(documents.id, id)))
    .limit(1);
  const [row] = lookup.forUpdate ? await query.for('update') : await query;
  return row;
}

/** At most two documents with this customId: more than one means it is ambiguous across tags. */
export async function findDocumentsByCustomId(db: Tx, orgId: string, customId: string, lookup: DocumentLookup = {}): Promise<DocumentRecord[]> {
  const query = db
    .select()
    .from(documents)
    .where(lookupWhere(orgId, lookup, eq(documents.customId, customId)))
    .limit(2);
  return lookup.forUpdate ? query.for('update') : query;
}

/** Locks the row so concurrent upserts of one customId serialise. */
export async function findDocumentByCustomIdForUpdate(db: Tx, orgId: string, containerTag: string, customId: string): Promise<DocumentRecord | undefined> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.orgId, orgId), eq(documents.containerTag, containerTag), eq(documents.customId, customId)))
    .for('update')
    .limit(1);
  return row;
}

/** Throws DuplicateKeyError when the new customId or tag clashes with another document's. */
export async function updateDocument(db: Tx, orgId: string, id: string, patch: DocumentPatch, now: Date): Promise<DocumentRecord | undefined> {
  const [row] = await failOnDuplicate(() =>
    db
      .update(documents)
      .set({ ...patch, updatedAt: now })
      .where(and(eq(documents.orgId, orgId), eq(documents.id, id)))
      .returning(),
  );
  return row;
}

/** Writes pipeline progress only if the document still holds the generation the job was queued for. */
export async function updateDocumentGeneration(db: Tx, orgId: string, id: string, generation: number, patch: DocumentPatch, now: Date): Promise<boolean> {
  const rows = await db
    .update(documents)
    .set({ ...patch, updatedAt: now })
    .where(and(eq(documents.orgId, orgId), eq(documents.id, id), eq(documents.generation, generation)))
    .returning({ id: documents.id });
  return rows.length > 0;
}

/** What `filepath` selects: the document at that path, or every document under a folder (`a/b/`). */
export function filepathCondition(filepath: string): SQL {
  if (!filepath.endsWith('/')) return eq(documents.filepath, filepath);
  return sql`starts_with(${documents.filepath}, ${filepath}::text)`;
}

export interface DocumentQuery {
  containerTags?: string[];
  filters?: FilterNode;
  source?: string;
  /** Any of these connector sources or document types. */
  sources?: string[];
  filepath?: string;
  statuses?: string[];
  excludeStatuses?: string[];
}

function documentWhere(orgId: string, q: DocumentQuery): SQL | undefined {
  const where: (SQL | undefined)[] = [eq(documents.orgId, orgId)];
  if (q.containerTags?.length) where.push(inArray(documents.containerTag, q.containerTags));
  if (q.filters) where.push(filterToSql(q.filters, documents.metadata));
  if (q.source) where.push(or(eq(documents.connectorSource, q.source), eq(documents.type, q.source)));
  if (q.sources?.length) where.push(or(inArray(documents.connectorSource, q.sources), inArray(documents.type, q.sources)));
  if (q.filepath !== undefined) where.push(filepathCondition(q.filepath));
  if (q.statuses?.length) where.push(inArray(documents.status, q.statuses));
  if (q.excludeStatuses?.length) where.push(notInArray(documents.status, q.excludeStatuses));
  return and(...where);
}

const { content: _content, source: _source, processing: _processing, ...listedColumns } = getTableColumns(documents);

export interface ListOptions extends DocumentQuery {
  limit: number;
  offset: number;
  sort: 'createdAt' | 'updatedAt';
  order: 'asc' | 'desc';
  includeContent: boolean;
}

export async function listDocuments(db: Tx, orgId: string, options: ListOptions): Promise<{ rows: ListedDocument[]; total: number }> {
  const where = documentWhere(orgId, options);
  const sortColumn = options.sort === 'updatedAt' ? documents.updatedAt : documents.createdAt;
  const direction = options.order === 'asc' ? asc : desc;
  const selection = options.includeContent ? { ...listedColumns, content: documents.content } : listedColumns;
  const [rows, [{ total }]] = await Promise.all([
    db.select(selection).from(documents).where(where).orderBy(direction(sortColumn), direction(documents.id)).limit(options.limit).offset(options.offset),
    db.select({ total: count() }).from(documents).where(where),
  ]);
  return { rows, total: Number(total) };
}

/** Documents with any of these ids (or customIds), as listed; unknown ones are left out. */
export async function listDocumentsByIds(
  db: Tx,
  orgId: string,
  options: { ids: string[]; by: 'id' | 'customId'; containerTags?: string[] },
): Promise<ListedDocument[]> {
  const column = options.by === 'customId' ? documents.customId : documents.id;
  return db
    .select(listedColumns)
    .from(documents)
    .where(and(documentWhere(orgId, { containerTags: options.containerTags }), inArray(column, options.ids)))
    .orderBy(desc(documents.createdAt), desc(documents.id));
}

export interface FacetCount {
  value: string | null;
  count: number;
}

/** How many of the matching documents have each connector source, status and type. */
export async function countDocumentFacets(
  db: Tx,
  orgId: string,
  q: DocumentQuery,
): Promise<{ source: FacetCount[]; status: FacetCount[]; type: FacetCount[]; total: number }> {
  const where = documentWhere(orgId, q);
  const countBy = (column: AnyPgColumn) =>
    db
      .select({ value: column, count: count() })
      .from(documents)
      .where(where)
      .groupBy(column)
      .orderBy(desc(count()), asc(column))
      .then((rows) => rows.map((r) => ({ value: r.value as string | null, count: Number(r.count) })));
  const [source, status, type, [{ total }]] = await Promise.all([
    countBy(documents.connectorSource),
    countBy(documents.status),
    countBy(documents.type),
    db.select({ total: count() }).from(documents).where(where),
  ]);
  return { source, status, type, total: Number(total) };
}

/** Documents not yet done or failed, oldest first, as lists show them (without source and content). */
/**
 * The unfinished documents (oldest first, at most `limit`) and how many there are in all, read in one
 * statement so the count and the list agree while other documents finish.
 */
export async function listUnfinishedDocuments(
  db: Tx,
  orgId: string,
  containerTags?: string[],
  limit = 1000,
): Promise<{ rows: ListedDocument[]; total: number }> {
  const found = await db
    .select({ ...listedColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(documents)
    .where(documentWhere(orgId, { containerTags, excludeStatuses: TERMINAL_STATUSES }))
    .orderBy(asc(documents.createdAt))
    .limit(limit);
  const rows = found.map(({ total: _total, ...row }) => row);
  return { rows, total: found[0]?.total ?? 0 };
}

export async function insertFile(db: Tx, file: typeof documentFiles.$inferInsert): Promise<void> {
  await db
    .insert(documentFiles)
    .values(file)
    .onConflictDoUpdate({
      target: documentFiles.documentId,
      set: { filename: file.filename, mimeType: file.mimeType, forcedType: file.forcedType, size: file.size, data: file.data },
    });
}

export async function getFile(db: Tx, orgId: string, documentId: string): Promise<StoredFile | undefined> {
  return firstRow(db, documentFiles, and(eq(documentFiles.orgId, orgId), eq(documentFiles.documentId, documentId)));
}

export async function deleteFile(db: Tx, orgId: string, documentId: string): Promise<void> {
  await db.delete(documentFiles).where(and(eq(documentFiles.orgId, orgId), eq(documentFiles.documentId, documentId)));
}
