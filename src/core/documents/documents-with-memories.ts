import type { Db } from '../../store/database.js';
import { countDocumentFacets, listDocuments, listDocumentsByIds } from '../../store/documents.js';
import { resolveReadTags } from '../tags/rules.js';
import { withHistoryAndSources, type ListedMemory } from '../memories/listing.js';
import type { ListedDocument } from '../../model/documents.js';
import type { Principal } from '../../model/access.js';
import { listLatestMemoriesOfDocuments } from '../../store/memories/records.js';

/** Same cap as the memories of one document on GET /v3/documents/{id}. */
const MEMORIES_PER_DOCUMENT = 500;

export interface DocumentWithMemories {
  document: ListedDocument;
  memories: ListedMemory[];
}

export interface DocumentPageInput {
  containerTags?: string[];
  sources?: string[];
  page: number;
  limit: number;
  sort: 'createdAt' | 'updatedAt';
  order: 'asc' | 'desc';
}

export interface DocumentsByIdsInput {
  ids: string[];
  by: 'id' | 'customId';
  containerTags?: string[];
}

/** Documents together with the latest memories that came from them, and counts over documents (console views). */
export class DocumentsWithMemories {
  constructor(private readonly db: Db) {}

  async page(principal: Principal, input: DocumentPageInput): Promise<{ items: DocumentWithMemories[]; total: number }> {
    const { rows, total } = await listDocuments(this.db, principal.orgId, {
      containerTags: resolveReadTags(principal, input.containerTags ?? []),
      sources: input.sources,
      includeContent: false,
      limit: input.limit,
      offset: (input.page - 1) * input.limit,
      sort: input.sort,
      order: input.order,
    });
    return { items: await this.attachMemories(principal.orgId, rows), total };
  }

  /** Unknown ids are left out; results keep the order of `ids`. */
  async byIds(principal: Principal, input: DocumentsByIdsInput): Promise<DocumentWithMemories[]> {
    const ids = [...new Set(input.ids)];
    const rows = await listDocumentsByIds(this.db, principal.orgId, {
      ids,
      by: input.by,
      containerTags: resolveReadTags(principal, input.containerTags ?? []),
    });
    const position = new Map(ids.map((id, index) => [id, index]));
    const keyOf = (row: ListedDocument) => (input.by === 'customId' ? row.customId : row.id) ?? '';
    const ordered = rows.sort((a, b) => position.get(keyOf(a))! - position.get(keyOf(b))!);
    return this.attachMemories(principal.orgId, ordered);
  }

  async facets(principal: Principal, input: { containerTags?: string[] }) {
    return countDocumentFacets(this.db, principal.orgId, {
      containerTags: resolveReadTags(principal, input.containerTags ?? []),
    });
  }

  private async attachMemories(orgId: string, documents: ListedDocument[]): Promise<DocumentWithMemories[]> {
    const rows = await listLatestMemoriesOfDocuments(
      this.db,
      orgId,
      { documentIds: documents.map((d) => d.id), containerTags: [...new Set(documents.map((d) => d.containerTag))] },
      MEMORIES_PER_DOCUMENT,
    );
    const entries = await withHistoryAndSources(this.db, orgId, rows);
    const byDocument = new Map<string, ListedMemory[]>(documents.map((d) => [d.id, []]));
    entries.forEach((entry, i) => byDocument.get(rows[i].documentId)?.push(entry));
    return documents.map((document) => ({ document, memories: byDocument.get(document.id) ?? [] }));
  }
}
