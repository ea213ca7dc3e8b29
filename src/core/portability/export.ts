import type { Db } from '../../store/database.js';
import { listTagStats } from '../../store/tags.js';
import { listProfilesOf, listSpacesOf, pageChunks, pageDocuments, pageMemories, type PageScope } from '../../store/portability.js';
import type { Principal } from '../../model/access.js';
import type { Clock } from '../shared/clock.js';
import { assertTagInScope, tagNotFound } from '../tags/rules.js';
import { emptyCounts, FORMAT_NAME, FORMAT_VERSION, type HeaderLine } from './format.js';
import { chunkLine, documentLine, memoryLine, profileLine, spaceLine } from './lines.js';
import { joinLines } from './ndjson.js';

export interface ExportOptions {
  /** Include the stored vectors (with the model that made them). */
  embeddings: boolean;
}

export interface ExportContext {
  db: Db;
  clock: Clock;
  serverVersion: string;
  embeddingModel: string;
  pageSize?: number;
}

const PAGE_SIZE = 200;
/** What the stream is written in: whole lines, about 64 KiB at a time. */
const CHUNK_CHARS = 64 * 1024;
/** Documents carry their files: smaller pages keep a page of large files bounded. */
const DOCUMENT_PAGE_SIZE = 20;

/** Streams a container tag, or a whole organization, as chunks of NDJSON lines; one page in memory at a time. */
export class ExportService {
  constructor(private readonly ctx: ExportContext) {}

  /** Checks scope and existence before the first byte is sent, so errors still answer as errors. */
  async exportTag(principal: Principal, containerTag: string, options: ExportOptions): Promise<AsyncGenerator<string>> {
    assertTagInScope(principal, containerTag);
    const [stats] = await listTagStats(this.ctx.db, principal.orgId, containerTag);
    const spaces = await listSpacesOf(this.ctx.db, principal.orgId, containerTag);
    if (!stats && !spaces.length) throw tagNotFound(containerTag);
    return joinLines(this.lines(principal.orgId, containerTag, options), CHUNK_CHARS);
  }

  exportOrg(principal: Principal, options: ExportOptions): AsyncGenerator<string> {
    return joinLines(this.lines(principal.orgId, undefined, options), CHUNK_CHARS);
  }

  private async *lines(orgId: string, containerTag: string | undefined, options: ExportOptions): AsyncGenerator<string> {
    const { db } = this.ctx;
    const counts = emptyCounts();
    const header: HeaderLine = {
      kind: 'header',
      format: FORMAT_NAME,
      version: FORMAT_VERSION,
      serverVersion: this.ctx.serverVersion,
      embeddingModel: options.embeddings ? this.ctx.embeddingModel : null,
      embeddings: options.embeddings,
      containerTag: containerTag ?? null,
      exportedAt: this.ctx.clock.now().toISOString(),
    };
    yield json(header);
    for (const space of await listSpacesOf(db, orgId, containerTag)) {
      counts.spaces++;
      yield json(spaceLine(space));
    }
    const pages = (limit: number): PageScope => ({ orgId, containerTag, afterId: '', limit: this.ctx.pageSize ?? limit });
    for await (const row of paged(
      pages(DOCUMENT_PAGE_SIZE),
      (scope) => pageDocuments(db, scope),
      (r) => r.document.id,
    )) {
      counts.documents++;
      yield json(documentLine(row.document, row.file));
    }
    for await (const row of paged(
      pages(PAGE_SIZE),
      (scope) => pageChunks(db, scope, options.embeddings),
      (r) => r.id,
    )) {
      counts.chunks++;
      yield json(chunkLine(row));
    }
    for await (const row of paged(
      pages(PAGE_SIZE),
      (scope) => pageMemories(db, scope, options.embeddings),
      (r) => r.id,
    )) {
      counts.memories++;
      yield json(memoryLine(row));
    }
    for (const profile of await listProfilesOf(db, orgId, containerTag)) {
      counts.profiles++;
      yield json(profileLine(profile));
    }
    yield json({ kind: 'end', counts });
  }
}

const json = (line: unknown) => `${JSON.stringify(line)}\n`;

/** Walks a keyset-paginated query page by page. */
async function* paged<T>(first: PageScope, read: (scope: PageScope) => Promise<T[]>, idOf: (row: T) => string): AsyncGenerator<T> {
  let scope = first;
  for (;;) {
    const rows = await read(scope);
    yield* rows;
    if (rows.length < scope.limit) return;
    scope = { ...scope, afterId: idOf(rows[rows.length - 1]) };
  }
}
