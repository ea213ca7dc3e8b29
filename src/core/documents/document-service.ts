import type { Db, Tx } from '../../store/database.js';
import { listChunks, listChunksOfTag, setChunksTag } from '../../store/chunks.js';
import {
  findDocumentByCustomIdForUpdate,
  findDocumentsByCustomId,
  getDocument,
  listDocuments,
  listUnfinishedDocuments,
  updateDocument,
  type DocumentPatch,
  getFile,
  insertFile,
} from '../../store/documents.js';
import { insertQueuedDocument, requeueDocument } from './queueing.js';
import { listMemoriesOfDocument } from '../../store/memories/records.js';
import { getAttachment } from '../../store/attachments.js';
import type { Clock } from '../shared/clock.js';
import { assertTagAllowed, lookupTags, resolveReadTags, resolveWriteTag } from '../tags/rules.js';
import { parseDateInput } from '../shared/date-input.js';
import { DomainError, invalidInput, conflict, notFound } from '../../model/errors.js';
import { DuplicateKeyError } from '../../store/errors.js';
import type { DocumentInput, DocumentPatchInput, FileInput, ListInput } from './inputs.js';
import { parseFilters } from '../../model/filters.js';
import { newId } from '../shared/ids.js';
import { assertNoMergeRunning, assertTagsWritable } from '../tags/merge-guard.js';
import type { DocumentRecord } from '../../model/documents.js';
import type { Principal } from '../../model/access.js';
import { ensureSpace, setSpaceEntityContext } from '../../store/tags.js';
import { moveDocumentMemories, removeDocuments, type LineageOutcome } from '../memories/lineage.js';
import { bucketsOfTag } from '../profiles/buckets.js';

export interface DocumentServiceOptions {
  maxJobAttempts: number;
  /** Called after a document's ingest job is committed: local workers pick it up without waiting for a poll. */
  onDocumentQueued: (documentId: string) => void;
  /** After memories of a tag changed (a document deleted or moved): its profile is rebuilt. */
  onMemoriesChanged: (orgId: string, containerTag: string) => Promise<void>;
}

const URL_CONTENT = /^https?:\/\/\S+$/i;

export function isUrlContent(content: string): boolean {
  return URL_CONTENT.test(content.trim());
}

/**
 * The text of a document that new content is appended to: content that already starts with the
 * stored text is the stored text grown (a client re-sending a whole transcript), content the stored
 * text already ends with changes nothing, any other content follows the stored text as a new
 * paragraph. Extraction then reads only what was added (the memory cursor continues).
 */
export function appendedSource(stored: string, content: string): string {
  if (content.startsWith(stored)) return content;
  if (stored.endsWith(content)) return stored;
  return `${stored}\n\n${content}`;
}

const appendable = (doc: DocumentRecord) => !doc.hasFile && !doc.url && doc.type !== 'conversation' && typeof doc.source === 'string';

const parseDocumentDate = (value: string | null | undefined) => parseDateInput(value, 'documentDate', 'Invalid documentDate');

/** The fields of a document made of an uploaded file. */
function fileFields(input: FileInput, documentDate: Date | null | undefined) {
  return {
    source: null,
    url: null,
    hasFile: true,
    // Until conversion tells, within the SDK's types: a forced csv, json, markdown or html is text.
    type: input.fileType === 'pdf' || input.fileType === 'image' ? input.fileType : 'text',
    // Without a caller's title, ingest takes the converter's (PDF metadata, core properties), then the file name.
    title: input.title ?? null,
    metadata: input.metadata ?? {},
    taskType: input.taskType ?? 'memory',
    filepath: input.filepath ?? null,
    documentDate: documentDate ?? null,
  } satisfies DocumentPatch;
}

function fileRow(orgId: string, documentId: string, input: FileInput) {
  return {
    documentId,
    orgId,
    filename: input.filename,
    mimeType: input.mimeType,
    forcedType: input.fileType ?? null,
    size: input.bytes.byteLength,
    data: input.bytes,
  };
}

export class DocumentService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly options: DocumentServiceOptions,
  ) {}

  async add(principal: Principal, input: DocumentInput): Promise<{ id: string; status: string }> {
    const tag = resolveWriteTag(principal, input);
    const documentDate = parseDocumentDate(input.documentDate);
    const content = input.content;
    const url = !input.sourceType && isUrlContent(content) ? content.trim() : null;
    const type = input.sourceType ?? (url ? 'webpage' : 'text');
    const result = await this.withUpsertRetry(() =>
      this.db.transaction(async (tx) => {
        const existing = await this.openWrite(tx, principal.orgId, tag, input);
        if (existing) {
          const grown = input.append && !url && appendable(existing);
          const source = grown ? appendedSource(existing.source as string, content) : content;
          if (existing.source === source && !existing.hasFile) {
            const row = await this.applyMetadataChanges(tx, existing, input, documentDate);
            return { id: row.id, status: row.status, queued: false };
          }
          const row = await this.requeue(tx, existing, {
            source,
            url,
            type,
            hasFile: false,
            ...this.optionalFields(input, documentDate),
          });
          return { id: row.id, status: row.status, queued: true };
        }
        const row = await this.insertQueued(tx, principal.orgId, tag, {
          customId: input.customId ?? null,
          source: content,
          url,
          type,
          title: input.title ?? null,
          metadata: input.metadata ?? {},
          taskType: input.taskType ?? 'memory',
          filepath: input.filepath ?? null,
          documentDate: documentDate ?? null,
        });
        return { id: row.id, status: row.status, queued: true };
      }),
    );
    if (result.queued) this.options.onDocumentQueued(result.id);
    return { id: result.id, status: result.status };
  }

  async addFile(principal: Principal, input: FileInput): Promise<{ id: string; status: string }> {
    const tag = resolveWriteTag(principal, input);
    const fields = fileFields(input, parseDocumentDate(input.documentDate));
    const result = await this.withUpsertRetry(() =>
      this.db.transaction(async (tx) => {
        const existing = await this.openWrite(tx, principal.orgId, tag, input);
        const row = existing
          ? await this.requeue(tx, existing, fields)
          : await this.insertQueued(tx, principal.orgId, tag, { ...fields, customId: input.customId ?? null });
        await insertFile(tx, fileRow(principal.orgId, row.id, input));
        return row;
      }),
    );
    this.options.onDocumentQueued(result.id);
    return { id: result.id, status: result.status };
  }

  /**
   * A document of `containerTag` (by id or customId) made of an uploaded file, keeping its id.
   * `whole`: the file and its fields replace the document's, as a new upload would (metadata `{}`
   * when none is given); otherwise only the fields given change.
   */
  async replaceWithFile(
    principal: Principal,
    idOrCustomId: string,
    containerTag: string,
    input: FileInput,
    whole: boolean,
  ): Promise<{ id: string; status: string }> {
    const documentDate = parseDocumentDate(input.documentDate);
    const result = await this.withUpsertRetry(() =>
      this.db.transaction(async (tx) => {
        const doc = await this.find(tx, principal, idOrCustomId, containerTag, { forUpdate: true });
        if (!doc) throw notFound('Document');
        await assertTagsWritable(tx, principal.orgId, [doc.containerTag]);
        if (input.entityContext !== undefined) await this.touchSpace(tx, principal.orgId, doc.containerTag, input.entityContext);
        const all = fileFields(input, documentDate);
        const fields: DocumentPatch = whole
          ? all
          : {
              source: null,
              url: null,
              hasFile: true,
              type: all.type,
              ...this.optionalFields(input, documentDate),
              ...(input.title ? { title: input.title } : {}),
            };
        const row = await this.requeue(tx, doc, fields);
        await insertFile(tx, fileRow(principal.orgId, row.id, input));
        return row;
      }),
    );
    this.options.onDocumentQueued(result.id);
    return { id: result.id, status: result.status };
  }

  async get(principal: Principal, idOrCustomId: string, containerTag?: string): Promise<DocumentRecord> {
    const doc = await this.find(this.db, principal, idOrCustomId, containerTag);
    if (!doc) throw notFound('Document');
    return doc;
  }

  /** A document and the memories that came from it. */
  async getWithMemories(principal: Principal, idOrCustomId: string, containerTag?: string) {
    const document = await this.get(principal, idOrCustomId, containerTag);
    return { document, memories: await listMemoriesOfDocument(this.db, principal.orgId, document.id) };
  }

  async update(principal: Principal, idOrCustomId: string, patch: DocumentPatchInput): Promise<{ id: string; status: string }> {
    const documentDate = parseDocumentDate(patch.documentDate);
    const hasTagChange = patch.containerTag || patch.containerTags?.length;
    const newTag = hasTagChange ? resolveWriteTag(principal, patch) : undefined;
    const buckets = newTag ? await bucketsOfTag(this.db, principal.orgId, newTag) : [];
    const result = await this.withUpsertRetry(() =>
      this.db.transaction(async (tx) => {
        // Read and locked inside the transaction: concurrent updates apply one after the other,
        // each bumping the generation the previous one left.
        const doc = await this.find(tx, principal, idOrCustomId, undefined, { forUpdate: true });
        if (!doc) throw notFound('Document');
        const tag = newTag ?? doc.containerTag;
        const contentChanged = patch.content !== undefined && (patch.content !== doc.source || doc.hasFile);
        await assertTagsWritable(tx, principal.orgId, [doc.containerTag, tag]);
        if (tag !== doc.containerTag || patch.entityContext !== undefined) {
          await this.touchSpace(tx, principal.orgId, tag, patch.entityContext);
        }
        // Chunks and memories follow the document: a key of the old tag finds none of them after.
        let moved: LineageOutcome | undefined;
        if (tag !== doc.containerTag) {
          await setChunksTag(tx, doc.id, tag);
          moved = await moveDocumentMemories(tx, doc, tag, buckets, this.clock.now());
        }
        const fields: DocumentPatch = { ...this.optionalFields(patch, documentDate), containerTag: tag };
        if (patch.customId !== undefined) fields.customId = patch.customId;
        if (!contentChanged) return { row: (await updateDocument(tx, principal.orgId, doc.id, fields, this.clock.now())) ?? doc, queued: false, moved };
        const url = isUrlContent(patch.content!) ? patch.content!.trim() : null;
        const row = await this.requeue(tx, doc, { ...fields, source: patch.content!, url, hasFile: false, type: url ? 'webpage' : 'text' });
        return { row, queued: true, moved };
      }),
    );
    if (result.queued) this.options.onDocumentQueued(result.row.id);
    await this.memoriesChanged(principal.orgId, result.moved);
    return { id: result.row.id, status: result.row.status };
  }

  private async memoriesChanged(orgId: string, outcome: LineageOutcome | undefined): Promise<void> {
    for (const tag of outcome?.tags ?? []) await this.options.onMemoriesChanged(orgId, tag);
  }

  async delete(principal: Principal, idOrCustomId: string, containerTag?: string): Promise<void> {
    const doc = await this.get(principal, idOrCustomId, containerTag);
    const removal = await this.db.transaction(async (tx) => {
      await assertTagsWritable(tx, principal.orgId, [doc.containerTag]);
      return removeDocuments(tx, principal.orgId, { ids: [doc.id] }, this.clock.now());
    });
    await this.memoriesChanged(principal.orgId, removal);
  }

  /** By ids (each looked up within `containerTag` when given, a failure per id), or every document of tags or a filepath. */
  async deleteBulk(
    principal: Principal,
    input: { ids?: string[]; containerTags?: string[]; filepath?: string; containerTag?: string },
  ): Promise<{ deletedCount: number; errors?: { id: string; error: string }[]; containerTags?: string[] }> {
    if (input.containerTag) assertTagAllowed(principal, input.containerTag);
    if (input.ids?.length) {
      const errors: { id: string; error: string }[] = [];
      const found: DocumentRecord[] = [];
      for (const id of new Set(input.ids)) {
        const doc = await this.find(this.db, principal, id, input.containerTag).catch((e: unknown) => {
          if (e instanceof DomainError) return e;
          throw e;
        });
        if (doc instanceof DomainError) errors.push({ id, error: doc.message });
        else if (!doc) errors.push({ id, error: 'Document not found' });
        else found.push(doc);
      }
      const removal = await this.db.transaction(async (tx) => {
        await assertTagsWritable(
          tx,
          principal.orgId,
          found.map((d) => d.containerTag),
        );
        return removeDocuments(tx, principal.orgId, { ids: found.map((d) => d.id) }, this.clock.now());
      });
      await this.memoriesChanged(principal.orgId, removal);
      return { deletedCount: removal.documents.length, ...(errors.length ? { errors } : {}) };
    }
    const tags = input.containerTags?.length ? input.containerTags : undefined;
    if (!tags && input.filepath === undefined) {
      throw invalidInput('Nothing to delete', 'give ids, containerTags or filepath');
    }
    const scope = resolveReadTags(principal, tags ?? []);
    const removal = await this.db.transaction(async (tx) => {
      if (scope) await assertTagsWritable(tx, principal.orgId, scope);
      else await assertNoMergeRunning(tx, principal.orgId);
      return removeDocuments(tx, principal.orgId, { containerTags: scope, filepath: input.filepath }, this.clock.now());
    });
    await this.memoriesChanged(principal.orgId, removal);
    return { deletedCount: removal.documents.length, ...(tags ? { containerTags: tags } : {}) };
  }

  async list(principal: Principal, input: ListInput) {
    const filters = parseFilters(input.filters);
    const containerTags = resolveReadTags(principal, input.containerTags ?? []);
    const { rows, total } = await listDocuments(this.db, principal.orgId, {
      containerTags,
      filters,
      source: input.source,
      filepath: input.filepath,
      includeContent: input.includeContent ?? false,
      limit: input.limit,
      offset: (input.page - 1) * input.limit,
      sort: input.sort,
      order: input.order,
    });
    return { rows, total };
  }

  /** A page of the chunks of a tag's documents (filters on the documents' metadata). */
  async listChunksOfTag(
    principal: Principal,
    input: { containerTag: string; filters?: ListInput['filters']; page: number; limit: number; sort: 'createdAt' | 'position'; order: 'asc' | 'desc' },
  ) {
    assertTagAllowed(principal, input.containerTag);
    return listChunksOfTag(this.db, principal.orgId, {
      containerTag: input.containerTag,
      filters: parseFilters(input.filters),
      limit: input.limit,
      offset: (input.page - 1) * input.limit,
      sort: input.sort,
      order: input.order,
    });
  }

  async listProcessing(principal: Principal, containerTags?: string[]) {
    const tags = resolveReadTags(principal, containerTags ?? []);
    return listUnfinishedDocuments(this.db, principal.orgId, tags);
  }

  async chunks(principal: Principal, idOrCustomId: string) {
    const doc = await this.get(principal, idOrCustomId);
    return { document: doc, chunks: await listChunks(this.db, principal.orgId, doc.id) };
  }

  async file(principal: Principal, idOrCustomId: string) {
    const doc = await this.get(principal, idOrCustomId);
    if (!doc.hasFile) throw notFound('File', 'this document was not uploaded as a file');
    return doc;
  }

  async fileContent(orgId: string, documentId: string) {
    const file = await getFile(this.db, orgId, documentId);
    if (!file) throw notFound('File');
    return file;
  }

  /** A file conversion extracted from the document (its org and id come from a verified link). */
  async attachmentContent(orgId: string, documentId: string, name: string) {
    const attachment = await getAttachment(this.db, orgId, documentId, name);
    if (!attachment) throw notFound('File');
    return attachment;
  }

  /**
   * The document an id or customId names among those the caller may see: the query itself is
   * confined to the caller's tags, so what lies outside them is absent, and a customId other tags
   * also use is not ambiguous for a caller that cannot see them.
   */
  private async find(
    db: Tx,
    principal: Principal,
    idOrCustomId: string,
    containerTag?: string,
    options: { forUpdate?: boolean } = {},
  ): Promise<DocumentRecord | undefined> {
    const lookup = { containerTags: lookupTags(principal, containerTag), forUpdate: options.forUpdate };
    const byId = await getDocument(db, principal.orgId, idOrCustomId, lookup);
    const matches = byId ? [byId] : await findDocumentsByCustomId(db, principal.orgId, idOrCustomId, lookup);
    if (matches.length > 1) {
      throw invalidInput('Ambiguous customId', 'several container tags hold this customId; pass containerTag to choose');
    }
    return matches[0];
  }

  /**
   * Starts a write to a tag inside its transaction: refuses tags under merge, creates the tag on
   * first use, and locks the document the customId names, if any.
   */
  private async openWrite(
    tx: Tx,
    orgId: string,
    tag: string,
    input: { customId?: string | null; entityContext?: string | null },
  ): Promise<DocumentRecord | undefined> {
    await assertTagsWritable(tx, orgId, [tag]);
    await this.touchSpace(tx, orgId, tag, input.entityContext);
    return input.customId ? findDocumentByCustomIdForUpdate(tx, orgId, tag, input.customId) : undefined;
  }

  private async touchSpace(tx: Tx, orgId: string, tag: string, entityContext?: string | null): Promise<void> {
    await ensureSpace(tx, orgId, tag, newId());
    if (entityContext !== undefined) await setSpaceEntityContext(tx, orgId, tag, entityContext, this.clock.now());
  }

  private optionalFields(input: DocumentPatchInput | DocumentInput, documentDate: Date | null | undefined): DocumentPatch {
    const fields: DocumentPatch = {};
    if (input.metadata !== undefined) fields.metadata = input.metadata ?? {};
    if (input.taskType) fields.taskType = input.taskType;
    if (input.filepath !== undefined) fields.filepath = input.filepath;
    if (input.title !== undefined) fields.title = input.title;
    if (documentDate !== undefined) fields.documentDate = documentDate;
    return fields;
  }

  private async applyMetadataChanges(tx: Tx, doc: DocumentRecord, input: DocumentInput, documentDate: Date | null | undefined): Promise<DocumentRecord> {
    const fields = this.optionalFields(input, documentDate);
    if (Object.keys(fields).length === 0) return doc;
    return (await updateDocument(tx, doc.orgId, doc.id, fields, this.clock.now())) ?? doc;
  }

  private insertQueued(tx: Tx, orgId: string, containerTag: string, fields: DocumentPatch): Promise<DocumentRecord> {
    return insertQueuedDocument(tx, this.clock, this.options.maxJobAttempts, { orgId, containerTag }, fields);
  }

  private requeue(tx: Tx, doc: DocumentRecord, fields: DocumentPatch): Promise<DocumentRecord> {
    return requeueDocument(tx, this.clock, this.options.maxJobAttempts, doc, fields);
  }

  /** Two first writes of one customId race on the unique index; the loser retries as an update. */
  private async withUpsertRetry<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      try {
        return await run();
      } catch (again) {
        if (again instanceof DuplicateKeyError)
          throw conflict('custom-id-taken', 'customId already in use', 'another document in this container tag has that customId');
        throw again;
      }
    }
  }
}
